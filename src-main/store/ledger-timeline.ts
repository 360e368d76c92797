// A small account's ledger held in memory as its distinct instants and the running sum at each,
// so that the sum at t is one binary search. Every SQLite statement costs about 4 µs here
// (mostly the system calls of the WAL read lock), and a balance through the index needs two;
// a script asking for a new instant on every request spends that on every request. Built once
// per generation of the database (see LedgerStore.sumUpTo), only for accounts of at most
// TIMELINE_MAX_ROWS entries; bigger ledgers use the index of ledger-index.ts.

/** Largest ledger kept in memory: building it costs about 0.6 µs a row (10 ms at this size). */
export const TIMELINE_MAX_ROWS = 16_384;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export class LedgerTimeline {
  /** Distinct instants, ascending. */
  readonly #at: Float64Array;
  /** Sum of every entry at or before #at[i], 1e-10 pence; 64-bit when every sum fits. */
  readonly #sum: BigInt64Array | bigint[];

  /** `rows` are [at, units] in time order (ties in any order: only sums are kept). */
  constructor(rows: readonly (readonly [number, string])[]) {
    const at: number[] = [];
    const sum: bigint[] = [];
    let running = 0n;
    let fits = true;
    for (const [t, units] of rows) {
      running += BigInt(units);
      if (at.length > 0 && at[at.length - 1] === t) sum[sum.length - 1] = running;
      else {
        at.push(t);
        sum.push(running);
      }
      if (running < INT64_MIN || running > INT64_MAX) fits = false;
    }
    this.#at = Float64Array.from(at);
    this.#sum = fits ? BigInt64Array.from(sum) : sum;
  }

  /** Number of distinct instants (the cache's weight). */
  get size(): number {
    return this.#at.length;
  }

  /** Exact sum of the entries with `at <= t`. */
  sumUpTo(t: number): bigint {
    const at = this.#at;
    // The last index whose instant is <= t, or -1.
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((at[mid] ?? Infinity) <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0n : (this.#sum[lo - 1] ?? 0n);
  }
}
