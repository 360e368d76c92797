// What an account's own history says about the spending nobody scheduled (design point 18;
// docs/forecast.md). In four sentences, as the README gives them:
// 1. Unscheduled charges (a local ledger's charges; a connected account's falls its checks found
//    beyond the provider's projection) are totalled per day over the last LOOKBACK_DAYS, each day
//    weighing half as much as the one HALF_LIFE_DAYS newer; top-ups and refunds never count.
// 2. A charge bigger than ONE_OFF_DAYS days of usage is a one-off: kept out of the daily rate, and
//    expected again only as often as one-offs have come (a rare event, not a new rate).
// 3. The spending still to come by day t is then spread around rate x t: the days' own variation
//    adds up (spread^2 x t), the rate itself may be off by what the history allows plus a drift
//    (rateSd^2 x t^2), and one-offs arrive at their own rate.
// 4. The 10%, 50% and 90% points of that spending give three balances (pessimistic, likely,
//    optimistic), and each crossing's p10, p50 and p90 are where those first go below the level.
// Closed form (no random source): the same history and now always give the same answer.

export const DAY = 86_400;
/** How far back the history is read. */
export const LOOKBACK_DAYS = 180;
/** A day this many days older weighs half as much. */
export const HALF_LIFE_DAYS = 14;
/** A charge bigger than this many days of usage is a one-off. */
export const ONE_OFF_DAYS = 21;
/** Less history than this, or fewer unscheduled charges: "collecting data", the scheduled forecast alone. */
export const MIN_DAYS = 14;
export const MIN_CHARGES = 5;
/** How far the rate itself may move, as a fraction of it (one standard deviation): calibrated by the backtest. */
export const RATE_DRIFT = 0.12;
/** One-offs are counted as if the history were this many days longer (a single one-off is not a habit). */
export const ONE_OFF_PRIOR_DAYS = 30;

export type Confidence = 'low' | 'medium' | 'high' | 'collecting';

/** The three paths: pessimistic (p10 of the balance, so the 90% point of spending), likely, optimistic. */
export const QUANTILES = { p10: 0.9, p50: 0.5, p90: 0.1 } as const;
export type PathName = keyof typeof QUANTILES;
export const PATHS: readonly PathName[] = ['p10', 'p50', 'p90'];

/** One unscheduled charge: when (epoch seconds) and how much (positive pence). */
export interface SpendingCharge {
  at: number;
  pence: number;
}

export interface SpendingHistory {
  now: number;
  /** The first instant the account has history from (its first entry or check); null: none. */
  since: number | null;
  /** Unscheduled charges in (now - LOOKBACK_DAYS, now], any order. */
  charges: readonly SpendingCharge[];
}

export interface LearnedSpending {
  /** Whole days of history the rate comes from (at most LOOKBACK_DAYS). */
  days: number;
  /** Unscheduled charges in those days, one-offs included. */
  charges: number;
  /** Recency-weighted pence a day, one-offs left out. */
  dailyRate: number;
  /** Day-to-day standard deviation of a day's spending (pence). */
  spread: number;
  /** Standard deviation of the rate itself (pence a day): estimation plus drift. */
  rateSd: number;
  /** One-offs: how many a day are expected, and their mean size (pence). */
  oneOffsPerDay: number;
  oneOffSize: number;
  /** Too little history: the forecast is the scheduled one alone. */
  scheduledOnly: boolean;
  confidence: Confidence;
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26: within 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** z of the 90% point of the standard normal (and minus it for the 10% point). */
const Z90 = 1.2815515655446004;
const zOf = (q: number): number => (q === 0.5 ? 0 : q > 0.5 ? Z90 : -Z90);

/** A history whose latest charge is this recent ends there: charges are often recorded a day late (an import of yesterday's usage). */
const RECORDED_LATE = 1.5 * DAY;

export function learnSpending(history: SpendingHistory): LearnedSpending {
  const latest = history.charges.reduce((a, c) => (c.at <= history.now && c.at > a ? c.at : a), -Infinity);
  // Days are counted back from where the history ends: now, or a charge of the last day and a half.
  const now = history.now - latest <= RECORDED_LATE ? latest : history.now;
  const days =
    history.since === null ? 0 : Math.max(0, Math.min(LOOKBACK_DAYS, Math.round((now - history.since) / DAY)));
  const inWindow = history.charges.filter((c) => c.at <= now && c.at > now - days * DAY && c.pence > 0);
  const base: LearnedSpending = {
    days,
    charges: inWindow.length,
    dailyRate: 0,
    spread: 0,
    rateSd: 0,
    oneOffsPerDay: 0,
    oneOffSize: 0,
    scheduledOnly: true,
    confidence: 'collecting',
  };
  if (days === 0 || inWindow.length === 0) return base;

  // One-offs: measured against a rate that one big charge cannot inflate (the median charge
  // times how often charges come), then once more against the mean of the rest.
  const sizes = inWindow.map((c) => c.pence).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  let typical = (median * inWindow.length) / days;
  for (let pass = 0; pass < 2; pass++) {
    const rest = inWindow.filter((c) => c.pence <= ONE_OFF_DAYS * typical);
    typical = Math.max(typical, rest.reduce((a, c) => a + c.pence, 0) / days);
  }
  const limit = ONE_OFF_DAYS * typical;
  const oneOffs = inWindow.filter((c) => c.pence > limit);

  const daily = new Float64Array(days);
  for (const c of inWindow) {
    if (c.pence > limit) continue;
    const k = Math.min(days - 1, Math.floor((now - c.at) / DAY));
    daily[k] = (daily[k] ?? 0) + c.pence;
  }
  let sw = 0;
  let sw2 = 0;
  let swd = 0;
  for (let k = 0; k < days; k++) {
    const w = 0.5 ** (k / HALF_LIFE_DAYS);
    sw += w;
    sw2 += w * w;
    swd += w * (daily[k] ?? 0);
  }
  const rate = swd / sw;
  let swv = 0;
  for (let k = 0; k < days; k++) swv += 0.5 ** (k / HALF_LIFE_DAYS) * ((daily[k] ?? 0) - rate) ** 2;
  const effective = (sw * sw) / sw2;
  const spread = Math.sqrt((swv / sw) * (effective > 1 ? effective / (effective - 1) : 1));
  const rateSd = Math.sqrt((spread * spread) / effective + (RATE_DRIFT * rate) ** 2);
  const learned: LearnedSpending = {
    ...base,
    dailyRate: rate,
    spread,
    rateSd,
    oneOffsPerDay: oneOffs.length / (days + ONE_OFF_PRIOR_DAYS),
    oneOffSize: oneOffs.length === 0 ? 0 : oneOffs.reduce((a, c) => a + c.pence, 0) / oneOffs.length,
    scheduledOnly: days < MIN_DAYS || inWindow.length < MIN_CHARGES,
  };
  learned.confidence = learned.scheduledOnly ? 'collecting' : confidenceOf(learned);
  return learned;
}

/**
 * How sure the range is: from the width of the 30-day spending's range against its middle
 * (a steady history of some weeks is `high`), and `low` while the history is under four weeks.
 */
function confidenceOf(l: LearnedSpending): Confidence {
  const middle = spendingQuantile(l, 0.5, 30);
  if (middle <= 0) return 'high';
  const width = (spendingQuantile(l, 0.9, 30) - spendingQuantile(l, 0.1, 30)) / middle;
  if (width <= 0.4 && l.days >= 28) return 'high';
  if (width <= 0.9 && l.days >= MIN_DAYS) return 'medium';
  return 'low';
}

/**
 * The q point (0 < q < 1) of the unscheduled spending over the next `days` days, in pence (never
 * negative): a normal part (rate x days, spread^2 x days + rateSd^2 x days^2) plus one-offs as a
 * Poisson number of mean-sized charges (summed over that number while it is small; a normal
 * with its mean and variance beyond).
 */
export function spendingQuantile(l: LearnedSpending, q: number, days: number): number {
  if (days <= 0 || l.scheduledOnly) return 0;
  const mean = l.dailyRate * days;
  const variance = l.spread * l.spread * days + l.rateSd * l.rateSd * days * days;
  const events = l.oneOffsPerDay * days;
  if (events === 0 || l.oneOffSize === 0) return Math.max(0, mean + zOf(q) * Math.sqrt(variance));
  if (events > 30) {
    const m = mean + events * l.oneOffSize;
    const v = variance + events * l.oneOffSize * l.oneOffSize;
    return Math.max(0, m + zOf(q) * Math.sqrt(v));
  }
  // A mixture over how many one-offs come: its distribution function, inverted by bisection.
  const sd = Math.max(Math.sqrt(variance), 1e-6);
  const kMax = Math.ceil(events + 8 * Math.sqrt(events) + 8);
  const weights: number[] = [];
  let p = Math.exp(-events);
  for (let k = 0; k <= kMax; k++) {
    weights.push(p);
    p = (p * events) / (k + 1);
  }
  const cdf = (s: number): number => {
    let f = 0;
    for (let k = 0; k <= kMax; k++) f += (weights[k] ?? 0) * normalCdf((s - mean - k * l.oneOffSize) / sd);
    return f;
  };
  let lo = Math.min(0, mean - 8 * sd);
  let hi = mean + kMax * l.oneOffSize + 8 * sd;
  for (let i = 0; i < 60 && hi - lo > 1e-4; i++) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) < q) lo = mid;
    else hi = mid;
  }
  return Math.max(0, (lo + hi) / 2);
}

/** Each path is worked out on these days and straight between them: daily for a month, weekly after. */
function knotsUpTo(days: number): number[] {
  const knots: number[] = [0];
  for (let d = 1; d <= Math.min(days, 30); d++) knots.push(d);
  for (let d = 37; d < days; d += 7) knots.push(d);
  if ((knots.at(-1) ?? 0) < days) knots.push(days);
  return knots;
}

/**
 * The three spending paths over a horizon, ready for the crossing searches: each path's
 * quantile once a day for a month and once a week after (the curve is smooth by then), made
 * non-decreasing (spending only adds up), and straight between those days.
 */
export class SpendingPaths {
  readonly learned: LearnedSpending;
  readonly #knots: number[];
  readonly #values: Record<PathName, Float64Array>;

  constructor(learned: LearnedSpending, horizonDays: number) {
    this.learned = learned;
    this.#knots = knotsUpTo(Math.max(1, Math.ceil(horizonDays)));
    const path = (q: number): Float64Array => {
      const out = new Float64Array(this.#knots.length);
      if (learned.scheduledOnly) return out;
      let highest = 0;
      for (let i = 1; i < this.#knots.length; i++) {
        highest = Math.max(highest, spendingQuantile(learned, q, this.#knots[i] ?? 0));
        out[i] = highest;
      }
      return out;
    };
    this.#values = { p10: path(QUANTILES.p10), p50: path(QUANTILES.p50), p90: path(QUANTILES.p90) };
  }

  /** Whether the paths add anything to the scheduled forecast. */
  get active(): boolean {
    return !this.learned.scheduledOnly;
  }

  /** Pence spent on `path` in the first `seconds` after the forecast's start (the last knot's beyond the horizon). */
  pence(path: PathName, seconds: number): number {
    if (seconds <= 0) return 0;
    const values = this.#values[path];
    const knots = this.#knots;
    const d = seconds / DAY;
    const last = knots.length - 1;
    if (d >= (knots[last] ?? 0)) return values[last] ?? 0;
    // Daily knots first: the index is the day itself; weekly after.
    let i = d < 30 ? Math.floor(d) : Math.min(last - 1, 30 + Math.floor((d - 30) / 7));
    while (i > 0 && (knots[i] ?? 0) > d) i--;
    while (i < last - 1 && (knots[i + 1] ?? 0) <= d) i++;
    const a = knots[i] ?? 0;
    const b = knots[i + 1] ?? a;
    const va = values[i] ?? 0;
    const vb = values[i + 1] ?? va;
    return b === a ? va : va + ((vb - va) * (d - a)) / (b - a);
  }

  /** The same in the ledger's units (1e-10 pence), rounded to a ten-thousandth of a penny. */
  units(path: PathName, seconds: number): bigint {
    return BigInt(Math.round(this.pence(path, seconds) * 1e4)) * 1_000_000n;
  }
}
