// What the app remembers of each connected account between requests: the outcome it last
// recorded (so a forwarded request writes a row only when the outcome changes) and when the
// provider last answered. The observations table is the truth; this is a cache of it plus the
// answers of forwarded requests, which are not stored one by one. (The provider's projections
// are kept in the store: projection-cache.ts.)
import type { NewObservation, Observation, ObservationOutcome, Store } from '../store/index.ts';

export class RemoteMemory {
  readonly #store: Store;
  readonly #outcome = new Map<number, ObservationOutcome | null>();
  readonly #answered = new Map<number, number>();
  readonly #noProjections = new Map<number, { readingId: number; why: string }>();
  readonly #settingsRead = new Map<number, number>();

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

  /** When this process last asked the provider for the account's settings (epoch seconds). */
  settingsReadAt(accountId: number): number | undefined {
    return this.#settingsRead.get(accountId);
  }

  settingsRead(accountId: number, at: number): void {
    this.#settingsRead.set(accountId, at);
  }

  /** The next check asks for the settings again (a person asked for a refresh). */
  forgetSettings(accountId: number): void {
    this.#settingsRead.delete(accountId);
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

  /**
   * The provider does not answer for instants (NoProjectionsError), as found after reading
   * `readingId`: not asked again until a newer reading (a provider fixed meanwhile shows then).
   */
  refusesProjections(accountId: number, readingId: number, why: string): void {
    this.#noProjections.set(accountId, { readingId, why });
  }

  /** Why the account's provider cannot be asked for its future, if that was found since `readingId`. */
  projectionsRefused(accountId: number, readingId: number): string | undefined {
    const found = this.#noProjections.get(accountId);
    return found?.readingId === readingId ? found.why : undefined;
  }

  /** Forgets what was cached of an account (another process may have written). */
  forget(accountId: number): void {
    this.#outcome.delete(accountId);
  }
}
