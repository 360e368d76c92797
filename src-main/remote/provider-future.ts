// A connected account's future as its provider projects it: the forecast's crossings, the
// planner's lowest point, the chart's projected points and the provider's clock. Everything is
// asked through the account's ProjectionCache (kept per instant until a check disagrees) and
// placed on the provider's clock (frame.ts), so the state, the forecast and the chart agree
// whatever this machine's clock says.
import { compare, formatUnits, parseExactPence, rational } from '../../src-shared/money/decimal.ts';
import {
  type AccountForecast,
  basisOf,
  type CrossingRange,
  type LowPoint,
  type SeriesBandPoint,
  type SeriesSample,
  type SourceClock,
} from '../domain/account-source.ts';
import { DomainError } from '../domain/errors.ts';
import { PATHS, SpendingPaths } from '../domain/spending.ts';
import { frameOf, type Frame, type Reading } from './frame.ts';
import { pathCrossing, pathLowest, remoteLearned } from './learned-future.ts';
import { ProjectionCache, type AskAt } from './projection-cache.ts';
import { GRID_SECONDS, gridInstants, inOrder } from './projection.ts';
import { effectiveSkew, NoProjectionsError, providerSeconds } from './provider-clock.ts';
import { wallText } from '../../src-shared/wall-time.ts';
import type { RemoteContext } from './remote-context.ts';
import { PROBES_AT_ONCE, type Sample, Timeline } from './timeline.ts';

/** The furthest a connected account's forecast and plans look: each day costs the provider one call. */
export const MAX_REMOTE_DAYS = 366;

export class ProviderFuture {
  readonly #ctx: RemoteContext;
  readonly #accountId: number;
  readonly #ask: AskAt;

  constructor(ctx: RemoteContext, accountId: number, ask: AskAt) {
    this.#ctx = ctx;
    this.#accountId = accountId;
    this.#ask = ask;
  }

  /** A computation over the kept projections; new answers are written back however it ends. */
  async #with<T>(reading: Reading, body: (frame: Frame, cache: ProjectionCache) => Promise<T>): Promise<T> {
    const { store } = this.#ctx;
    const cache = new ProjectionCache(store, this.#accountId, this.#ask);
    try {
      const frame = await frameOf(store, this.#accountId, reading, cache, this.#ctx.now());
      return await body(frame, cache);
    } finally {
      cache.flush();
    }
  }

  /**
   * What the checks say about the account's unscheduled spending, as paths over `days` from the
   * reading: the falls between checks beyond the fall of the provider's projection (`samples`).
   */
  #paths(days: number, samples: readonly Sample[]): SpendingPaths {
    const perDay = (monthlyFall(samples) ?? 0) / (365 / 12);
    return new SpendingPaths(remoteLearned(this.#ctx.store, this.#accountId, this.#ctx.now(), perDay), days + 1);
  }

  async forecast(reading: Reading, level: number | null, horizonDays: number): Promise<AccountForecast> {
    const days = Math.min(Math.max(Math.floor(horizonDays), 1), MAX_REMOTE_DAYS);
    const none: CrossingRange = { p10: null, p50: null, p90: null };
    const unknown = (why: string): AccountForecast => {
      const paths = this.#paths(days, []);
      return {
        horizonDays: days,
        balanceNow: reading.balance,
        observedAt: reading.at,
        from: this.#ctx.now(),
        belowWarning: null,
        zero: null,
        range: { belowWarning: none, zero: none },
        confidence: paths.learned.confidence,
        basis: basisOf(paths.learned, null),
        shortDipPossibleAt: null,
        unknownBecause: why,
      };
    };
    const refused = this.#ctx.memory.projectionsRefused(this.#accountId, reading.id);
    if (refused !== undefined) return unknown(refused);
    const known = this.#with(reading, async (frame, cache) => {
      const end = frame.from + days * GRID_SECONDS;
      cache.load(frame.startAt - 2 * GRID_SECONDS, end + GRID_SECONDS);
      const timeline = new Timeline(cache, { at: frame.startAt, balance: reading.balance });
      const levels = level === null ? [0n] : [BigInt(level), 0n];
      const { crossings, samples } = await timeline.firstBelow(levels, end);
      const [first, second] = crossings;
      const scheduledLevel = level === null ? null : (first?.at ?? null);
      const scheduledZero = (level === null ? first : second)?.at ?? null;
      const paths = this.#paths(days, samples);
      const range = (pence: number, scheduled: number | null): CrossingRange => {
        const r: CrossingRange = { p10: scheduled, p50: scheduled, p90: scheduled };
        if (paths.active)
          for (const path of PATHS) r[path] = pathCrossing(samples, paths, path, frame.startAt, pence, end, scheduled);
        return r;
      };
      const belowWarning = level === null ? none : range(level, scheduledLevel);
      const zero = range(0, scheduledZero);
      return {
        horizonDays: days,
        balanceNow: reading.balance,
        observedAt: reading.at,
        from: frame.from,
        belowWarning: belowWarning.p50,
        zero: zero.p50,
        range: { belowWarning, zero },
        confidence: paths.learned.confidence,
        basis: basisOf(paths.learned, monthlyFall(samples)),
        shortDipPossibleAt: first?.unsureAt ?? null,
        unknownBecause: null,
      };
    });
    try {
      return await known;
    } catch (error: unknown) {
      // The balance and the state still stand; only the crossings cannot be known.
      if (!(error instanceof NoProjectionsError)) throw error;
      this.#ctx.memory.refusesProjections(this.#accountId, reading.id, error.message);
      return unknown(error.message);
    }
  }

  async lowPoint(reading: Reading, until: number, level: number): Promise<LowPoint> {
    return this.#with(reading, async (frame, cache) => {
      if (until <= frame.from)
        throw new DomainError(
          'invalid_plan',
          `the plan must end after now on your provider's clock (${wallText(providerSeconds(reading.providerDatetime) + frame.from - frame.startAt)} there)`,
        );
      if (until - frame.from > MAX_REMOTE_DAYS * GRID_SECONDS)
        throw new DomainError(
          'invalid_plan',
          `a connected account's plan looks at most ${MAX_REMOTE_DAYS} days ahead (every day costs your provider a call)`,
        );
      const end = Math.max(until, frame.from);
      cache.load(frame.startAt - 2 * GRID_SECONDS, end + GRID_SECONDS);
      const timeline = new Timeline(cache, { at: frame.startAt, balance: reading.balance });
      const lowest = await timeline.lowest(end);
      const { crossings } = await timeline.firstBelow([BigInt(level)], end);
      let firstBelow = crossings[0]?.at ?? null;
      if (firstBelow === null && compare(lowest.exact, rational(BigInt(level))) < 0) {
        // Found just before a top-up, inside a day: the crossing lies between the day's sample and it.
        const lo = Math.max(frame.startAt, Math.floor(lowest.at / GRID_SECONDS) * GRID_SECONDS);
        firstBelow = lo === lowest.at ? lo : await timeline.crossingWithin(BigInt(level), lo, lowest.at);
      }
      const all = await timeline.scan(end);
      const paths = this.#paths(Math.ceil((end - frame.startAt) / GRID_SECONDS), all);
      if (!paths.active)
        return { from: frame.from, lowest: { at: lowest.at, balance: lowest.balance }, firstBelow, pessimistic: false };
      // The pessimistic path: the provider's balances less the p10 path's spending, on the daily
      // samples (and the end, and the scheduled lowest): the learned part asks nothing more.
      const balance = await cache.balance(end);
      const endSample = { at: end, balance, exact: parseExactPence(balance) };
      const low = pathLowest(all, endSample, lowest, paths, 'p10', frame.startAt);
      const onPath = [...all.filter((s) => s.at < end), endSample];
      const below = pathCrossing(onPath, paths, 'p10', frame.startAt, level, end, firstBelow);
      return {
        from: frame.from,
        lowest: { at: low.at, balance: formatUnits(BigInt(Math.round(low.pence * 1e4)) * 1_000_000n) },
        firstBelow: below,
        pessimistic: true,
      };
    });
  }

  /**
   * The chart's future: the provider's balance once a day over [from, to] (every few days when
   * the range is longer than MAX_REMOTE_DAYS), plus every instant kept in it (the seconds around
   * a crossing, so a dip shows where it starts). When the provider's clock differs from this
   * machine's, the range is moved onto the provider's clock (`shift`, added to every instant).
   */
  async ahead(
    reading: Reading,
    from: number,
    to: number,
  ): Promise<{ points: SeriesSample[]; band: SeriesBandPoint[]; shift: number }> {
    return this.#with(reading, async (frame, cache) => {
      const shift = effectiveSkew(frame.skew);
      const start = Math.max(from + shift, frame.from);
      const end = to + shift;
      if (end <= start) return { points: [], band: [], shift };
      const step = GRID_SECONDS * Math.max(1, Math.ceil((end - start) / GRID_SECONDS / MAX_REMOTE_DAYS));
      cache.load(start - GRID_SECONDS, end + GRID_SECONDS);
      const grid = gridInstants(start, end, step).filter((t) => t <= end);
      await inOrder(
        grid,
        PROBES_AT_ONCE,
        (t) => cache.at(t),
        () => false,
      );
      // The provider's balances, less the learned spending since the reading: the likely path,
      // with the pessimistic and optimistic ones as the band.
      const kept = cache.entries(start, end);
      const paths = this.#paths(
        Math.ceil((end - frame.startAt) / GRID_SECONDS),
        kept.map((p) => ({ at: p.at, balance: p.balance, exact: parseExactPence(p.balance) })),
      );
      const spent = (path: 'p10' | 'p50' | 'p90', t: number): number =>
        paths.active ? paths.pence(path, t - frame.startAt) : 0;
      const points = kept.map((p) => ({
        t: p.at,
        balance: Number(p.balance) - spent('p50', p.at),
        source: 'projected' as const,
      }));
      const band = paths.active
        ? kept.map((p) => ({
            t: p.at,
            low: Number(p.balance) - spent('p10', p.at),
            high: Number(p.balance) - spent('p90', p.at),
          }))
        : [];
      return { points, band, shift };
    });
  }

  /**
   * The provider's clock now: the latest check's wall time plus the time since, and its distance
   * from ours (null when the provider does not answer for instants, which its zone shows).
   */
  async clock(reading: Reading): Promise<SourceClock | null> {
    if (this.#ctx.memory.projectionsRefused(this.#accountId, reading.id) !== undefined) return null;
    try {
      return await this.#with(reading, (frame) =>
        Promise.resolve({
          providerNow: wallText(providerSeconds(reading.providerDatetime) + (this.#ctx.now() - reading.at)),
          offsetSeconds: frame.skew,
          checkedAt: reading.at,
        }),
      );
    } catch (error: unknown) {
      if (!(error instanceof NoProjectionsError)) throw error;
      this.#ctx.memory.refusesProjections(this.#accountId, reading.id, error.message);
      return null;
    }
  }
}

/**
 * How far the provider's projected balance falls in a month (pence, as 365/12 days of its first
 * 30 days of samples, top-ups left out); null with fewer than two samples.
 */
function monthlyFall(samples: readonly { at: number; exact: { n: bigint; d: bigint } }[]): number | null {
  let fall = 0;
  let span = 0;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1];
    const b = samples[i];
    if (a === undefined || b === undefined || a.at - (samples[0]?.at ?? a.at) >= 30 * GRID_SECONDS) break;
    const step = Number(a.exact.n) / Number(a.exact.d) - Number(b.exact.n) / Number(b.exact.d);
    if (step > 0) fall += step;
    span += b.at - a.at;
  }
  return span === 0 ? null : (fall * (365 / 12) * GRID_SECONDS) / span;
}
