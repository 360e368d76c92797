// What the app remembers of each connected account between requests: the outcome it last
// recorded (so a forwarded request writes a row only when the outcome changes), when the provider
// last answered, and projections it asked for recently. The observations table is the truth;
// this is a cache of it plus the answers of forwarded requests, which are not stored one by one.
import type { NewObservation, Observation, ObservationOutcome, Store } from '../store/index.ts';

interface Kept {
  expires: number;
  value: Promise<unknown>;
}

export class RemoteMemory {
  readonly #store: Store;
  readonly #outcome = new Map<number, ObservationOutcome | null>();
  readonly #answered = new Map<number, number>();
  readonly #kept = new Map<string, Kept>();

  constructor(store: Store) {
    this.#store = store;
  }

  /** The outcome of the latest observation (null: none yet). */
  outcome(accountId: number): ObservationOutcome | null {
    let outcome = this.#outcome.get(accountId);
    if (outcome === undefined) {
      outcome = this.#store.observations.latest(accountId)?.outcome ?? null;
      this.#outcome.set(accountId, outcome);
    }
    return outcome;
  }

  /** Epoch seconds of the latest answer from the provider, stored or seen by a forwarded request. */
  lastAnsweredAt(accountId: number): number | null {
    const stored = this.#store.observations.latestOk(accountId)?.at ?? null;
    const seen = this.#answered.get(accountId) ?? null;
    return stored === null ? seen : seen === null ? stored : Math.max(stored, seen);
  }

  answered(accountId: number, at: number): void {
    this.#answered.set(accountId, Math.max(at, this.#answered.get(accountId) ?? at));
  }

  record(observation: NewObservation): Observation {
    const stored = this.#store.observations.add(observation);
    this.#outcome.set(observation.accountId, observation.outcome);
    if (observation.outcome === 'ok') this.answered(observation.accountId, observation.at);
    return stored;
  }

  /** Forgets what was cached of an account (another process may have written). */
  forget(accountId: number): void {
    this.#outcome.delete(accountId);
  }

  /**
   * A value computed at most once per `ttlMs` of real time (the app's clock may be fixed): the
   * provider's projections are asked for with a bounded number of calls, not on every view.
   * A computation that fails is not kept.
   */
  kept<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    const now = performance.now();
    const hit = this.#kept.get(key);
    if (hit !== undefined && hit.expires > now) return hit.value as Promise<T>;
    if (this.#kept.size > 1000) {
      for (const [k, v] of this.#kept) if (v.expires <= now) this.#kept.delete(k);
    }
    const value = compute();
    this.#kept.set(key, { expires: now + ttlMs, value });
    value.catch(() => {
      if (this.#kept.get(key)?.value === value) this.#kept.delete(key);
    });
    return value;
  }
}
