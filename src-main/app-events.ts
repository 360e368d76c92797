// The app's event spine, owned by the composition root (app.ts): the few things that happen in a
// running app, each a typed signal with one source, and everything that reacts to them a listener.
//
//   the store's one watch (generation.ts) ─> changed ─> the monitor (a person's change: evaluate),
//                                                        the window's change feed
//   background and asked-for checks ───────> checked ─> the monitor (that account, at once)
//   the monitor, once an alert is stored ──> alert ───> every channel in the one list (app.ts)
//   the monitor, once a thread is over ─────> over ────> the channels that can close what they show
//
// A listener that throws is logged and the others are still told: no outlet can break another.
import type { Alert } from '../src-shared/app-api.ts';
import type { AlertContext, Thread } from './monitor/index.ts';
import type { DataChange } from './store/index.ts';
import { messageOf } from '../src-shared/message-of.ts';

export class Signal<T> {
  readonly #name: string;
  readonly #log: (line: string) => void;
  readonly #listeners = new Set<(value: T) => void>();

  constructor(name: string, log: (line: string) => void) {
    this.#name = name;
    this.#log = log;
  }

  /** Calls `listener` with every value from now on; returns the function that stops it. */
  on(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  emit(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch (error: unknown) {
        this.#log(`${this.#name}: a listener failed: ${messageOf(error)}`);
      }
    }
  }
}

/** An alert as the monitor hands it on, once stored (see AlertContext for what a channel needs). */
export interface RaisedAlert {
  alert: Alert;
  context: AlertContext;
}

export class AppEvents {
  /** The data changed (this process's writes, with who wrote, or another process's commits). */
  readonly changed: Signal<DataChange>;
  /** A connected account was checked (in the background, or because someone asked). */
  readonly checked: Signal<number>;
  /** An alert was raised and stored (pushed or held by quiet hours: see its context). */
  readonly alert: Signal<RaisedAlert>;
  /** An account's notification is over (the balance recovered, the provider answers again). */
  readonly over: Signal<Thread>;

  constructor(log: (line: string) => void) {
    this.changed = new Signal('data changed', log);
    this.checked = new Signal('account checked', log);
    this.alert = new Signal('alert raised', log);
    this.over = new Signal('alert over', log);
  }
}

/**
 * Whether a change can change how an account stands: a person's edit, or anything another
 * process committed (the CLI). Not the monitor's own records, and not a check's observations
 * (the check is told as `checked`, for its account alone).
 */
export function changesStanding(change: DataChange): boolean {
  return change.elsewhere || change.here.has('edit');
}
