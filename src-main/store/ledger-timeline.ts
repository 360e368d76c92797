// An account's ledger held in memory as its distinct instants and the running sum at each, so
// that the sum at t is one binary search. Every SQLite statement costs about 4 µs here (mostly
// the system calls of the WAL read lock), and a balance through the index needs two; a script
// asking for a new instant on every request spends that on every request. Immutable: changes
// are laid over it (ledger-memory.ts) and merged into a new one now and then.

/**
 * Ledgers of at most this many entries are loaded as soon as they are asked about: building one
 * costs about 0.6 µs a row (10 ms at this size). Bigger ones only once they are asked about
 * often (see ledger-memory.ts).
 */
export const TIMELINE_MAX_ROWS = 16_384;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Sums in 64 bits while every one fits, else as plain bigints (exact either way). */
type Sums = BigInt64Array | bigint[];

function fits(sum: bigint): boolean {
  return sum >= INT64_MIN && sum <= INT64_MAX;
}

/** Distinct instants and their running sums, grown as rows come (typed arrays while they fit). */
class Builder {
  at = new Float64Array(1024);
  sum: Sums = new BigInt64Array(1024);
  size = 0;

  push(t: number, running: bigint): void {
    const n = this.size;
    if (n > 0 && this.at[n - 1] === t) {
      this.#set(n - 1, running);
      return;
    }
    if (n === this.at.length) {
      const at = new Float64Array(n * 2);
      at.set(this.at);
      this.at = at;
      if (this.sum instanceof BigInt64Array) {
        const sum = new BigInt64Array(n * 2);
        sum.set(this.sum);
        this.sum = sum;
      }
    }
    this.at[n] = t;
    this.size = n + 1;
    this.#set(n, running);
  }

  #set(i: number, running: bigint): void {
    if (this.sum instanceof BigInt64Array && !fits(running)) this.sum = Array.from(this.sum.subarray(0, this.size));
    this.sum[i] = running;
  }

  /** Copies out at the exact size, so a big ledger holds no slack. */
  done(): LedgerTimeline {
    const n = this.size;
    return new LedgerTimeline(this.at.slice(0, n), this.sum instanceof BigInt64Array ? this.sum.slice(0, n) : this.sum);
  }
}

export class LedgerTimeline {
  /** Distinct instants, ascending. */
  readonly #at: Float64Array;
  /** Sum of every entry at or before #at[i], 1e-10 pence; 64-bit when every sum fits. */
  readonly #sum: Sums;

  /** Use LedgerTimeline.of (or .read) to make one. */
  constructor(at: Float64Array, sum: Sums) {
    this.#at = at;
    this.#sum = sum;
  }

  /** `rows` are [at, units] in time order (ties in any order: only sums are kept). */
  static of(rows: Iterable<readonly [number, string | bigint]>): LedgerTimeline {
    return LedgerTimeline.read(rows, Infinity) ?? new LedgerTimeline(new Float64Array(0), []);
  }

  /**
   * Like `of`, but gives up (null) once the rows hold more than `limit` distinct instants, so a
   * ledger too big to keep is never held whole. Rows are read one at a time: at a million, an
   * array of them would weigh some 100 MB.
   */
  static read(rows: Iterable<readonly [number, string | bigint]>, limit: number): LedgerTimeline | null {
    const b = new Builder();
    let running = 0n;
    for (const [t, units] of rows) {
      running += BigInt(units);
      b.push(t, running);
      if (b.size > limit) return null;
    }
    return b.done();
  }

  /** Number of distinct instants (the memory's weight: 16 bytes each while sums fit 64 bits). */
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

  /**
   * This timeline with `changes` ([at, units] in time order) added: one pass over both, no
   * SQLite. An instant whose changes cancel out stays (its sum is still right).
   */
  merged(changes: readonly (readonly [number, bigint])[]): LedgerTimeline {
    const at = this.#at;
    const sum = this.#sum;
    const b = new Builder();
    let added = 0n;
    let before = 0n;
    let i = 0;
    let j = 0;
    while (i < at.length || j < changes.length) {
      const ti = at[i] ?? Infinity;
      const change = changes[j];
      if (change !== undefined && change[0] <= ti) {
        added += change[1];
        b.push(change[0], before + added);
        j += 1;
      } else {
        before = sum[i] ?? 0n;
        b.push(ti, before + added);
        i += 1;
      }
    }
    return b.done();
  }
}
