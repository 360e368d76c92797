// Writes on the request path never wait inside SQLite's busy handler: it would block the event
// loop, and every other request with it. The service's connection fails at once ("busy") when
// another one holds the write lock (an import, the CLI), and the write is tried again a little
// later without blocking. Each route's write is one transaction that starts by taking the lock
// (BEGIN IMMEDIATE), so a refused attempt changed nothing and trying again is safe.
import { setTimeout as delay } from 'node:timers/promises';
import { storeProblem } from '../../store/index.ts';

/** How long a write keeps trying before it is answered 503 store_busy. */
export const WRITE_PATIENCE_MS = 20_000;

/** Runs `write` (and waits for it, when it returns a promise), again while the database is busy, for up to `patienceMs`. */
export async function whenNotBusy<T>(write: () => T | Promise<T>, patienceMs = WRITE_PATIENCE_MS): Promise<T> {
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (storeProblem(err) !== 'busy' || performance.now() - started >= patienceMs) throw err;
    }
    // 2, 4, 8 ... up to 50 ms, with jitter so that two waiting writers do not keep colliding.
    await delay(Math.min(2 ** (attempt + 1), 50) * (0.5 + Math.random()));
  }
}
