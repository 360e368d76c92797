// The provider's projected balances of one account, kept per instant in the store and reused
// until an observation disagrees with them (see checks in remote-account.ts): a forecast, a chart
// or a plan reads what is kept and asks the provider only for instants it has never answered.
// Answers are written back as they arrive, under the epoch read at the start, so a disagreement
// found meanwhile makes them count for nothing rather than for the new epoch.
import type { Projection, Store } from '../store/index.ts';
import { storeProblem } from '../store/index.ts';
import { offsetOf } from './provider-clock.ts';

/** The provider's answer for `@t`: its balance and its wall time for t. */
export type AskAt = (t: number) => Promise<{ balance: string; datetime: string }>;

/** Answers written back at once when this many have arrived (and at the end). */
const WRITE_EVERY = 64;

export class ProjectionCache {
  readonly #store: Store;
  readonly #accountId: number;
  readonly #ask: AskAt;
  readonly #epoch: number;
  readonly #known = new Map<number, Projection>();
  readonly #pending = new Map<number, Promise<Projection>>();
  #fresh: Projection[] = [];
  /** Instants asked of the provider by this cache (the bench and tests count them). */
  asked = 0;

  constructor(store: Store, accountId: number, ask: AskAt) {
    this.#store = store;
    this.#accountId = accountId;
    this.#ask = ask;
    this.#epoch = store.projections.epoch(accountId);
  }

  /** Reads what is kept for [from, to]. */
  load(from: number, to: number): this {
    for (const p of this.#store.projections.between(this.#accountId, from, to)) this.#known.set(p.at, p);
    return this;
  }

  /** A kept answer, without asking. */
  known(t: number): Projection | undefined {
    return this.#known.get(t);
  }

  /** Kept answers in [from, to], in time order. */
  entries(from: number, to: number): Projection[] {
    return [...this.#known.values()].filter((p) => p.at >= from && p.at <= to).sort((a, b) => a.at - b.at);
  }

  /** The provider's projection for t: kept, or asked now (once, however many ask at the same time). */
  at(t: number): Promise<Projection> {
    const kept = this.#known.get(t);
    if (kept !== undefined) return Promise.resolve(kept);
    let pending = this.#pending.get(t);
    if (pending === undefined) {
      this.asked++;
      pending = this.#ask(t).then((answer) => {
        offsetOf(t, answer.datetime);
        const p = { at: t, balance: answer.balance, datetime: answer.datetime };
        this.#known.set(t, p);
        this.#fresh.push(p);
        if (this.#fresh.length >= WRITE_EVERY) this.flush();
        return p;
      });
      const settled = pending.finally(() => this.#pending.delete(t));
      settled.catch(() => undefined);
      this.#pending.set(t, pending);
    }
    return pending;
  }

  /** The balance text for t (kept or asked). */
  readonly balance = async (t: number): Promise<string> => (await this.at(t)).balance;

  /**
   * Writes the new answers back. A store that cannot take them now (busy, read-only, full)
   * only means the next computation asks again: the forecast itself does not fail for it.
   */
  flush(): void {
    if (this.#fresh.length === 0) return;
    const rows = this.#fresh;
    this.#fresh = [];
    try {
      this.#store.projections.put(this.#accountId, this.#epoch, rows);
    } catch (error: unknown) {
      if (storeProblem(error) === undefined) throw error;
    }
  }
}
