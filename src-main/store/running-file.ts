// `running.json` in the data folder: which app holds the folder (instance-lock.ts) and where its
// UI listens. Written by the lock's holder only; read by a second app (to say where the first
// one's UI is) and by `status --follow` (to find the running service's change feed). It is a
// hint, never proof that anything runs: the lock is that. Small and without dependencies, so
// commands that must start fast can read it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file's name in the data folder (a follower watches for it). */
export const RUNNING_FILE = 'running.json';

/** Which app holds the folder, as running.json and the messages name it. */
export type Holder = 'serve' | 'desktop';

export interface Running {
  pid: number;
  app: Holder;
  /** The UI's address (http://127.0.0.1:PORT/), or null while there is none (not listening yet, or the port is off). */
  url: string | null;
}

const UI_URL = /^http:\/\/[\w.:[\]-]+\/$/;

/** What running.json says, as far as it reads; undefined when there is none. */
export function readRunning(dataDir: string): Partial<Running> | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(dataDir, RUNNING_FILE), 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The UI address running.json gives, when it is one. */
export function runningUrl(running: Partial<Running> | undefined): string | undefined {
  const url = running?.url;
  return typeof url === 'string' && UI_URL.test(url) ? url : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The address of the app another process runs on this data folder, as a hint for a client of
 * its change feed: running.json's address while the process it names is alive (a reused
 * process id gives an address that does not answer, and the client falls back).
 */
export function runningElsewhere(dataDir: string): string | undefined {
  const running = readRunning(dataDir);
  const pid = running?.pid;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  const url = runningUrl(running);
  return url !== undefined && alive(pid) ? url : undefined;
}
