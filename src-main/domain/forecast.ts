// Balance over time: chart series and the run-out forecast, from the balance index and a
// bounded or streamed read of the range, never from all of a ledger's rows (a chart over a
// million entries once loaded every one, 2 s and 670 MB). Between two ledger entries the balance
// only falls (recurring charges accrue, nothing is added), so a crossing between two entries is
// found by bisection to the second, on the accrual alone. The learned part of the forecast
// (spending.ts: what the history says about unscheduled spending) is subtracted as a path that
// only rises with time, so the balance still only falls between entries and the same search
// finds each path's crossing: the pessimistic (p10), likely (p50) and optimistic (p90) one.
import { AMOUNT_SCALE, toNumber } from '../../src-shared/money/decimal.ts';
import type { EntryKind } from '../../src-shared/vocabulary.ts';
import type { StoredRecurring } from '../store/index.ts';
import type { AccountDomain } from './account-domain.ts';
import { balanceUnits } from './accrual.ts';
import {
  DAY,
  learnSpending,
  LOOKBACK_DAYS,
  PATHS,
  SpendingPaths,
  type LearnedSpending,
  type PathName,
} from './spending.ts';

/** Units (1e-10 pence) of learned spending to take off the balance at an instant; never falls as time goes on. */
export type Spent = (t: number) => bigint;

export interface SeriesPoint {
  t: number;
  balance: number;
}
export interface SeriesBandPoint {
  t: number;
  low: number;
  high: number;
}
export interface SeriesEvent {
  t: number;
  amount: string;
  kind: EntryKind;
  signed: number;
}

const MAX_EVENTS = 500;

/**
 * `points` evenly spaced samples from..to, plus a sample on each side of every entry in range
 * when there are at most MAX_EVENTS of them (more would not show as steps anyway). With the
 * forecast's learned `paths`, the samples after `now` are the likely balance (less the likely
 * unscheduled spending) and `band` holds the pessimistic and optimistic balances there.
 */
export function balanceSeries(
  domain: AccountDomain,
  accountId: number,
  from: number,
  to: number,
  points: number,
  paths?: SpendingPaths,
  now = domain.nowSeconds(),
): { points: SeriesPoint[]; events: SeriesEvent[]; band: SeriesBandPoint[] } {
  const n = Math.min(Math.max(Math.floor(points), 2), 2000);
  const times = new Set<number>();
  for (let i = 0; i < n; i++) times.add(Math.round(from + ((to - from) * i) / (n - 1)));
  // One row more than shown tells "too many" without reading the rest.
  const entries = domain.store.ledger.between(accountId, from, to, MAX_EVENTS + 1);
  const events: SeriesEvent[] = [];
  if (entries.length <= MAX_EVENTS) {
    for (const e of entries) {
      times.add(e.at - 1);
      times.add(e.at);
      events.push({ t: e.at, amount: e.amount, kind: e.kind, signed: Number(e.units) / 1e10 });
    }
  }
  const learned = paths?.active === true ? paths : undefined;
  if (learned !== undefined && now > from && now < to) times.add(now);
  const sorted = [...times].filter((t) => t >= from && t <= to).sort((a, b) => a - b);
  const band: SeriesBandPoint[] = [];
  const series = sorted.map((t) => {
    const balance = toNumber(domain.balanceAt(accountId, t));
    if (learned === undefined || t <= now) return { t, balance };
    const after = t - now;
    band.push({ t, low: balance - learned.pence('p10', after), high: balance - learned.pence('p90', after) });
    return { t, balance: balance - learned.pence('p50', after) };
  });
  return { points: series, events, band };
}

/**
 * First instant in [from, to] with the balance (as printed: to the tenth decimal place of a
 * penny) below `levelPence` (strictly), or null. One index query for the balance at `from`,
 * then the entries of the window one row at a time, each adding to a running sum. With `spent`,
 * the balance less that path.
 */
export function firstBelow(
  domain: AccountDomain,
  accountId: number,
  levelPence: bigint,
  from: number,
  to: number,
  spent?: Spent,
): number | null {
  const level = levelPence * AMOUNT_SCALE;
  const charges = domain.listRecurring(accountId);
  let entries = domain.store.ledger.sumUpTo(accountId, from);
  const below = (t: number): boolean => balanceUnits(entries, charges, t, domain.timeZone) - (spent?.(t) ?? 0n) < level;
  if (below(from)) return from;
  let previous = from;
  let pendingAt: number | undefined;
  let pending = 0n;
  // Rows of one second arrive together: the balance at that second counts all of them.
  const settle = (at: number): number | null => {
    // On [previous, at - 1] no entry lands, so the balance is non-increasing there.
    if (at - 1 > previous && below(at - 1)) return bisect(below, previous, at - 1);
    entries += pending;
    pending = 0n;
    if (below(at)) return at;
    previous = at;
    return null;
  };
  for (const [at, units] of domain.store.ledger.effectsBetween(accountId, from + 1, to)) {
    if (pendingAt !== undefined && at !== pendingAt) {
      const found = settle(pendingAt);
      if (found !== null) return found;
    }
    pendingAt = at;
    pending += units;
  }
  if (pendingAt !== undefined) {
    const found = settle(pendingAt);
    if (found !== null) return found;
  }
  if (to > previous && below(to)) return bisect(below, previous, to);
  return null;
}

/**
 * The lowest balance in [from, to] (as printed, in units of 1e-10 pence) and the first instant it
 * is reached. Between entries the balance only falls, so the candidates are `from`, the second
 * before and the second of each entry (a second's entries together) in (from, to], and `to`:
 * exact, with one running sum over the window's entries, as in firstBelow (with `spent`, of the
 * balance less that path, which only falls between entries too).
 */
export function lowestBetween(
  domain: AccountDomain,
  accountId: number,
  from: number,
  to: number,
  spent?: Spent,
): { at: number; units: bigint } {
  const charges = domain.listRecurring(accountId);
  let entries = domain.store.ledger.sumUpTo(accountId, from);
  const balance = (t: number): bigint => balanceUnits(entries, charges, t, domain.timeZone) - (spent?.(t) ?? 0n);
  let best = { at: from, units: balance(from) };
  const consider = (t: number): void => {
    if (t <= from || t > to) return;
    const units = balance(t);
    if (units < best.units) best = { at: t, units };
  };
  let pendingAt: number | undefined;
  let pending = 0n;
  const settle = (at: number): void => {
    consider(at - 1);
    entries += pending;
    pending = 0n;
    consider(at);
  };
  for (const [at, units] of domain.store.ledger.effectsBetween(accountId, from + 1, to)) {
    if (pendingAt !== undefined && at !== pendingAt) settle(pendingAt);
    pendingAt = at;
    pending += units;
  }
  if (pendingAt !== undefined) settle(pendingAt);
  consider(to);
  return best;
}

/** Smallest t in (lo, hi] with pred(t), given !pred(lo) and pred(hi) and pred monotone. */
function bisect(pred: (t: number) => boolean, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  while (b - a > 1) {
    const mid = Math.floor((a + b) / 2);
    if (pred(mid)) b = mid;
    else a = mid;
  }
  return b;
}

/** A crossing's earliest plausible (p10), likely (p50) and latest plausible (p90) instant; null: not within the horizon. */
export type CrossingRange = Record<PathName, number | null>;

export interface Forecast {
  horizonDays: number;
  /** When the balance first drops below the warning level on the likely path (null: not within the horizon or no level). */
  belowWarning: number | null;
  /** When it first drops below zero on the likely path. */
  zero: number | null;
  range: { belowWarning: CrossingRange; zero: CrossingRange };
  /** The crossings of what is scheduled alone (recurring charges and dated entries). */
  scheduled: { belowWarning: number | null; zero: number | null };
  learned: LearnedSpending;
  /** Pence a month the recurring charges running now cost. */
  scheduledPerMonth: number;
}

/** What the local ledger's history says about its unscheduled spending (its charges; top-ups, refunds and adjustments left out). */
export function learnedSpending(domain: AccountDomain, accountId: number, now: number): LearnedSpending {
  const charges = domain.store.ledger
    .chargesBetween(accountId, now - LOOKBACK_DAYS * DAY + 1, now)
    .map(([at, units]) => ({ at, pence: -Number(units) / 1e10 }));
  return learnSpending({ now, since: domain.store.ledger.firstAt(accountId), charges });
}

/** The learned spending subtracted on one path, counted from `now`. */
export function spentOn(paths: SpendingPaths, path: PathName, now: number): Spent | undefined {
  return paths.active ? (t) => paths.units(path, t - now) : undefined;
}

const PER_MONTH = { day: 365 / 12, week: 52 / 12, month: 1, year: 1 / 12 } as const;

/** Pence a month of the recurring charges running at `now`. */
export function perMonth(charges: readonly StoredRecurring[], now: number): number {
  let total = 0;
  for (const c of charges)
    if (c.startsAt <= now && (c.endsAt === null || c.endsAt > now))
      total += (Number(c.units) / 1e10) * PER_MONTH[c.every];
  return total;
}

/** Each path's first instant below a level in [from, to]: the pessimistic one first, each searched only up to the next. */
function crossings(
  domain: AccountDomain,
  accountId: number,
  level: bigint,
  from: number,
  to: number,
  paths: SpendingPaths,
  scheduled: number | null,
): CrossingRange {
  if (!paths.active) return { p10: scheduled, p50: scheduled, p90: scheduled };
  const range: CrossingRange = { p10: null, p50: null, p90: null };
  // Less spending never crosses sooner: each path's crossing is at or after the one before it.
  let end = scheduled ?? to;
  for (const path of [...PATHS].reverse()) {
    range[path] = firstBelow(domain, accountId, level, from, end, spentOn(paths, path, from));
    if (range[path] !== null) end = range[path];
  }
  return range;
}

export function forecast(domain: AccountDomain, accountId: number, horizonDays: number): Forecast {
  const days = Math.min(Math.max(Math.floor(horizonDays), 1), 3650);
  const now = domain.nowSeconds();
  const end = now + days * 86_400;
  const settings = domain.settings(accountId);
  const paths = new SpendingPaths(learnedSpending(domain, accountId, now), days);
  const levelAt =
    settings.warningLevel === null ? null : firstBelow(domain, accountId, BigInt(settings.warningLevel), now, end);
  const zeroAt = firstBelow(domain, accountId, 0n, now, end);
  const belowWarning =
    settings.warningLevel === null
      ? { p10: null, p50: null, p90: null }
      : crossings(domain, accountId, BigInt(settings.warningLevel), now, end, paths, levelAt);
  const zero = crossings(domain, accountId, 0n, now, end, paths, zeroAt);
  return {
    horizonDays: days,
    belowWarning: belowWarning.p50,
    zero: zero.p50,
    range: { belowWarning, zero },
    scheduled: { belowWarning: levelAt, zero: zeroAt },
    learned: paths.learned,
    scheduledPerMonth: perMonth(domain.listRecurring(accountId), now),
  };
}
