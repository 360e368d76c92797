// Live updates for the window: a request waiting for the store's generation to move (a write
// from this window, another one, the CLI, a background check) is answered half a second after it
// does, or after WAIT_MS with the same generation (the page then asks again). It hears of changes from the
// app's one source (the spine's "data changed", app-events.ts), and listens only while a request
// waits; waiters are capped. The app owns one feed and closes it with the store (see app.ts); the
// route is app/changes.ts.
import { Refusal } from './errors.ts';

/** How long a request waits for a change before answering that there was none. */
export const WAIT_MS = 25_000;
/** Requests waiting at once (a tab holds one); more are told to come back later. */
export const MAX_WAITERS = 64;
/**
 * How long after a change the waiting pages are answered: a write of the window has its own
 * answer back first (the page then skips what that answer already brought: src-renderer/data/
 * live.ts), and changes close together are one answer.
 */
export const ANSWER_AFTER_MS = 500;

interface Waiter {
  since: number;
  done: (generation: number) => void;
}

/** Hears of changes: calls `listener` after each one, until the returned function is called. */
export type ChangeSource = (listener: () => void) => () => void;

export class ChangeFeed {
  readonly #read: () => number;
  readonly #changes: ChangeSource;
  readonly #waiters = new Set<Waiter>();
  #stopListening: (() => void) | undefined;
  #answering: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(read: () => number, changes: ChangeSource) {
    this.#read = read;
    this.#changes = changes;
  }

  /** Resolves with the generation once it differs from `since`, or after `waitMs` with the same. */
  wait(since: number, waitMs = WAIT_MS): Promise<number> {
    if (this.#closed) return Promise.resolve(since);
    const now = this.#read();
    if (now !== since) return Promise.resolve(now);
    if (this.#waiters.size >= MAX_WAITERS) {
      return Promise.reject(
        new Refusal(
          429,
          'too_many_waiting',
          `${MAX_WAITERS} pages are already waiting for changes; try again in a few seconds`,
        ),
      );
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        since,
        done: (generation) => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          if (this.#waiters.size === 0) this.#stopListeningNow();
          resolve(generation);
        },
      };
      const timer = setTimeout(() => {
        waiter.done(this.#closed ? since : this.#read());
      }, waitMs);
      timer.unref();
      this.#waiters.add(waiter);
      this.#stopListening ??= this.#changes(() => {
        this.wake();
      });
    });
  }

  /** A change was told, or an alert raised: every request waiting for an older generation is answered shortly. */
  wake(): void {
    if (this.#waiters.size === 0 || this.#answering !== undefined) return;
    this.#answering = setTimeout(() => {
      this.#answering = undefined;
      this.#answer();
    }, ANSWER_AFTER_MS);
    this.#answering.unref();
  }

  #answer(): void {
    if (this.#waiters.size === 0) return;
    let generation: number;
    try {
      generation = this.#read();
    } catch {
      // The store was closed under us (the app shutting down): nothing more to tell.
      return;
    }
    for (const w of [...this.#waiters]) if (w.since !== generation) w.done(generation);
  }

  /** How many requests wait now (tests, and a bound that can be checked). */
  get waiting(): number {
    return this.#waiters.size;
  }

  /** Answers every waiting request with no change and takes no more (the store is closing). */
  close(): void {
    this.#closed = true;
    for (const w of [...this.#waiters]) w.done(w.since);
    this.#stopListeningNow();
  }

  #stopListeningNow(): void {
    clearTimeout(this.#answering);
    this.#answering = undefined;
    this.#stopListening?.();
    this.#stopListening = undefined;
  }
}
