// Balance over time: chart series and the run-out forecast. Between two ledger entries the
// balance only falls (recurring charges accrue, nothing is added), so a crossing between two
// checkpoints is found by bisection to the second.
import { compare, type Rational, rational, toNumber } from '../../src-shared/money/decimal.ts';
import type { EntryKind } from '../../src-shared/vocabulary.ts';
import type { AccountDomain } from './account-domain.ts';

export interface SeriesPoint { t: number; balance: number }
export interface SeriesEvent { t: number; amount: string; kind: EntryKind; signed: number }

const MAX_EVENTS = 500;

/** `points` evenly spaced samples from..to, plus a sample on each side of every entry in range. */
export function balanceSeries(domain: AccountDomain, accountId: number, from: number, to: number, points: number): { points: SeriesPoint[]; events: SeriesEvent[] } {
  const n = Math.min(Math.max(Math.floor(points), 2), 2000);
  const times = new Set<number>();
  for (let i = 0; i < n; i++) times.add(Math.round(from + ((to - from) * i) / (n - 1)));
  const entries = domain.store.ledger.between(accountId, from, to);
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

/** First instant in [from, to] with balance below `level` (strictly), or null. */
export function firstBelow(domain: AccountDomain, accountId: number, level: Rational, from: number, to: number): number | null {
  const below = (t: number): boolean => compare(domain.balanceAt(accountId, t), level) < 0;
  if (below(from)) return from;
  const checkpoints = new Set<number>([to]);
  for (const e of domain.store.ledger.between(accountId, from + 1, to)) checkpoints.add(e.at);
  for (let t = from + 86_400; t < to; t += 86_400) checkpoints.add(t);
  let previous = from;
  for (const c of [...checkpoints].sort((a, b) => a - b)) {
    // On [previous, c - 1] no entry lands, so the balance is non-increasing there.
    if (c - 1 > previous && below(c - 1)) return bisect(below, previous, c - 1);
    if (below(c)) return c;
    previous = c;
  }
  return null;
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
  const belowWarning = settings.warningLevel === null ? null : firstBelow(domain, accountId, rational(BigInt(settings.warningLevel)), now, end);
  return { horizonDays: days, belowWarning, zero: firstBelow(domain, accountId, rational(0n), now, end) };
}
