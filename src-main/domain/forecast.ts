// Balance over time: chart series and the run-out forecast, from the balance index and a
// bounded or streamed read of the range, never from all of a ledger's rows (a chart over a
// million entries once loaded every one, 2 s and 670 MB). Between two ledger entries the balance
// only falls (recurring charges accrue, nothing is added), so a crossing between two entries is
// found by bisection to the second, on the accrual alone.
import { AMOUNT_SCALE, toNumber } from '../../src-shared/money/decimal.ts';
import type { EntryKind } from '../../src-shared/vocabulary.ts';
import type { AccountDomain } from './account-domain.ts';
import { balanceUnits } from './accrual.ts';

export interface SeriesPoint {
  t: number;
  balance: number;
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
 * when there are at most MAX_EVENTS of them (more would not show as steps anyway).
 */
export function balanceSeries(
  domain: AccountDomain,
  accountId: number,
  from: number,
  to: number,
  points: number,
): { points: SeriesPoint[]; events: SeriesEvent[] } {
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
  const sorted = [...times].filter((t) => t >= from && t <= to).sort((a, b) => a - b);
  return { points: sorted.map((t) => ({ t, balance: toNumber(domain.balanceAt(accountId, t)) })), events };
}

/**
 * First instant in [from, to] with the balance (as printed: to the tenth decimal place of a
 * penny) below `levelPence` (strictly), or null. One index query for the balance at `from`,
 * then the entries of the window one row at a time, each adding to a running sum.
 */
export function firstBelow(
  domain: AccountDomain,
  accountId: number,
  levelPence: bigint,
  from: number,
  to: number,
): number | null {
  const level = levelPence * AMOUNT_SCALE;
  const charges = domain.listRecurring(accountId);
  let entries = domain.store.ledger.sumUpTo(accountId, from);
  const below = (t: number): boolean => balanceUnits(entries, charges, t, domain.timeZone) < level;
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
 * exact, with one running sum over the window's entries, as in firstBelow.
 */
export function lowestBetween(
  domain: AccountDomain,
  accountId: number,
  from: number,
  to: number,
): { at: number; units: bigint } {
  const charges = domain.listRecurring(accountId);
  let entries = domain.store.ledger.sumUpTo(accountId, from);
  const balance = (t: number): bigint => balanceUnits(entries, charges, t, domain.timeZone);
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

export interface Forecast {
  horizonDays: number;
  /** When the balance first drops below the warning level (null: not within the horizon or no level). */
  belowWarning: number | null;
  /** When it first drops below zero. */
  zero: number | null;
}

export function forecast(domain: AccountDomain, accountId: number, horizonDays: number): Forecast {
  const days = Math.min(Math.max(Math.floor(horizonDays), 1), 3650);
  const now = domain.nowSeconds();
  const end = now + days * 86_400;
  const settings = domain.settings(accountId);
  const belowWarning =
    settings.warningLevel === null ? null : firstBelow(domain, accountId, BigInt(settings.warningLevel), now, end);
  return { horizonDays: days, belowWarning, zero: firstBelow(domain, accountId, 0n, now, end) };
}
