// What a connected account's provider projects from a reading onwards, found with as few calls as
// the guarantees allow (projection.ts): the first instant below a level, to the second, never
// missing a dip of a day or more; the lowest balance up to an instant (the top-up planner's
// question); and where a shorter dip could still hide. Every instant goes through the account's
// ProjectionCache, so a second computation over the same days asks nothing.
import { compare, parseExactPence, rational, type Rational } from '../../src-shared/money/decimal.ts';
import type { ProjectionCache } from './projection-cache.ts';
import { firstTrue, gridInstants, inOrder } from './projection.ts';

/**
 * Instants asked at once: the provider client's own limit per account (ProviderClient's
 * maxInFlightPerAccount), so the scan never queues requests behind its own.
 */
export const PROBES_AT_ONCE = 4;

/** A balance at an instant: as the provider wrote it, and exactly. */
export interface Sample {
  at: number;
  balance: string;
  exact: Rational;
}

function sample(at: number, balance: string): Sample {
  return { at, balance, exact: parseExactPence(balance) };
}

const whole = (pence: bigint): Rational => rational(pence);
const isBelow = (s: Sample, level: bigint): boolean => compare(s.exact, whole(level)) < 0;

export class Timeline {
  readonly #cache: ProjectionCache;
  readonly #start: Sample;

  /** `start`: the latest reading, at the provider's clock: where every search begins. */
  constructor(cache: ProjectionCache, start: { at: number; balance: string }) {
    this.#cache = cache;
    this.#start = sample(start.at, start.balance);
  }

  get start(): Sample {
    return this.#start;
  }

  async #at(t: number): Promise<Sample> {
    return t === this.#start.at ? this.#start : sample(t, await this.#cache.balance(t));
  }

  /**
   * The start and the grid instants after it up to the first at or after `end`, in order. The
   * scan stops early once a balance is below `stopBelow` (nothing later can be a first crossing).
   */
  async scan(end: number, stopBelow?: bigint): Promise<Sample[]> {
    const grid = gridInstants(this.#start.at, end);
    const found = await inOrder(
      grid,
      PROBES_AT_ONCE,
      (t) => this.#at(t),
      (s) => stopBelow !== undefined && isBelow(s, stopBelow),
    );
    return [this.#start, ...found];
  }

  /**
   * For each level, the first instant in [start, end] with the balance below it (null: none), and
   * where a dip shorter than a day could still hide before it (null: nowhere). The first grid
   * instant below the level brackets the crossing with the one before, then aligned bisection
   * finds the second. Before that, up to `nearMisses` places where the balance came close to the
   * level and then rose (a top-up between two samples) are looked into: the top-up's instant is
   * found by bisection and the balance the second before it is asked, so the usual short dip,
   * a balance running low just before a top-up, is found too.
   */
  async firstBelow(
    levels: readonly bigint[],
    end: number,
    nearMisses = 1,
  ): Promise<{ crossings: { at: number | null; unsureAt: number | null }[]; samples: Sample[] }> {
    const lowestLevel = levels.reduce<bigint | undefined>((a, b) => (a === undefined || b < a ? b : a), undefined);
    const samples = await this.scan(end, lowestLevel);
    const crossings: { at: number | null; unsureAt: number | null }[] = [];
    for (const level of levels) crossings.push(await this.#crossing(samples, level, end, nearMisses));
    return { crossings, samples };
  }

  async #crossing(
    samples: readonly Sample[],
    level: bigint,
    end: number,
    nearMisses: number,
  ): Promise<{ at: number | null; unsureAt: number | null }> {
    const below = async (x: number): Promise<boolean> => isBelow(await this.#at(x), level);
    const first = samples.findIndex((s) => isBelow(s, level));
    if (first === 0) return { at: this.#start.at, unsureAt: null };
    const beforeFirst = first === -1 ? samples : samples.slice(0, first);
    let budget = nearMisses;
    let unsureAt: number | null = null;
    for (const miss of nearMissesOf(beforeFirst, usualFall(samples), level)) {
      if (miss.before.at >= end) break;
      if (budget <= 0) {
        unsureAt = miss.before.at;
        break;
      }
      budget--;
      const topUp = await firstTrue(
        async (x) => compare((await this.#at(x)).exact, miss.before.exact) > 0,
        miss.before.at,
        miss.after.at,
      );
      if (topUp - 1 > miss.before.at && (await below(topUp - 1))) {
        const t = await firstTrue(below, miss.before.at, topUp - 1);
        return { at: t <= end ? t : null, unsureAt: null };
      }
    }
    const hi = samples[first];
    const lo = samples[first - 1];
    if (hi === undefined || lo === undefined) return { at: null, unsureAt };
    const t = await firstTrue(below, lo.at, hi.at);
    return t <= end ? { at: t, unsureAt } : { at: null, unsureAt };
  }

  /** The first instant of (lo, hi] below `level`, given the balance is not below it at lo and is at hi. */
  crossingWithin(level: bigint, lo: number, hi: number): Promise<number> {
    return firstTrue(async (x) => isBelow(await this.#at(x), level), lo, hi);
  }

  /**
   * The lowest balance in [start, end]: the lowest of the daily samples and of `end` itself, and
   * just before each top-up that could go lower (a rise between two samples near the lowest: its
   * instant is found by bisection, and the balance the second before it is looked at), since
   * between top-ups a provider's balance only falls.
   */
  async lowest(end: number): Promise<Sample> {
    const samples = (await this.scan(end)).filter((s) => s.at < end);
    if (end > this.#start.at) samples.push(await this.#at(end));
    let best = samples.reduce((a, b) => (compare(b.exact, a.exact) < 0 ? b : a));
    const fall = usualFall(samples);
    const rises = risesIn(samples).sort((a, b) => compare(a.before.exact, b.before.exact));
    for (const { before, after } of rises) {
      // Below the lowest by at most the usual fall between two samples, or not at all.
      if (compare(subtract(before.exact, fall), best.exact) > 0) break;
      const topUp = await firstTrue(
        async (x) => compare((await this.#at(x)).exact, before.exact) > 0,
        before.at,
        after.at,
      );
      const justBefore = await this.#at(topUp - 1);
      if (compare(justBefore.exact, best.exact) < 0) best = justBefore;
    }
    return best;
  }
}

function subtract(a: Rational, b: Rational): Rational {
  return { n: a.n * b.d - b.n * a.d, d: a.d * b.d };
}

/**
 * How far the balance may fall between two samples without anything unusual: twice the median
 * of the falls between consecutive samples (zero if it never falls). The median is a day's
 * recurring charges, whatever one-off charge happened once; twice it leaves room for a month
 * whose charges run faster. A one-off charge and a top-up within the same day can still hide a
 * dip: that is the dip shorter than a day docs/provider-accounts.md says can escape.
 */
export function usualFall(samples: readonly Sample[]): Rational {
  const falls: Rational[] = [];
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1];
    const b = samples[i];
    if (a === undefined || b === undefined) continue;
    const fall = subtract(a.exact, b.exact);
    if (compare(fall, rational(0n)) > 0) falls.push(fall);
  }
  if (falls.length === 0) return rational(0n);
  falls.sort(compare);
  const median = falls[Math.floor(falls.length / 2)] ?? rational(0n);
  return { n: median.n * 2n, d: median.d };
}

/** Consecutive samples where the balance rose: something came in between them. */
export function risesIn(samples: readonly Sample[]): { before: Sample; after: Sample }[] {
  const out: { before: Sample; after: Sample }[] = [];
  for (let i = 1; i < samples.length; i++) {
    const before = samples[i - 1];
    const after = samples[i];
    if (before !== undefined && after !== undefined && compare(after.exact, before.exact) > 0)
      out.push({ before, after });
  }
  return out;
}

/**
 * Where a dip below `level` shorter than a day could hide among the samples, in time order: each
 * rise (a top-up between two samples) whose lower side is above the level by less than the usual
 * fall between two samples (usualFall).
 */
export function nearMissesOf(
  samples: readonly Sample[],
  fall: Rational,
  level: bigint,
): { before: Sample; after: Sample }[] {
  return risesIn(samples).filter(({ before, after }) => {
    const low = compare(before.exact, after.exact) < 0 ? before : after;
    return !isBelow(low, level) && compare(subtract(low.exact, fall), whole(level)) < 0;
  });
}
