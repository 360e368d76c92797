// Seeded synthetic accounts for the forecast's backtest (sections/backtest.ts and its test): each
// is a history up to a cut and its own continuation after it, as a prepaid hosting account
// spends: daily usage with noise and a weekly pattern (some accounts charged every few days, some
// several times a day), a change of rate half-way through, occasional one-off charges, top-ups
// while the balance ran low, and for most a recurring monthly (or weekly) charge. The balance at
// the cut is set so that the run-outs spread over the next four months. The continuation has no
// top-up: the forecast answers "without a top-up".
import { mulberry32 } from '../../test/helpers/prng.ts';

export const DAY = 86_400;

export interface SyntheticCharge {
  /** Epoch seconds. */
  at: number;
  /** Positive whole pence. */
  pence: number;
  note: string;
}

export interface SyntheticAccount {
  seed: number;
  /** The cut: the forecast is made here. */
  now: number;
  /** The first entry: the opening top-up. */
  openedAt: number;
  /** Unscheduled charges before (or at) the cut, and top-ups (the opening one first). */
  charges: SyntheticCharge[];
  topUps: SyntheticCharge[];
  /** A recurring charge from `openedAt`, or none. */
  recurring: { pence: number; every: 'month' | 'week' } | null;
  /** Unscheduled charges after the cut (the continuation), oldest first. */
  future: SyntheticCharge[];
  /** A warning level (whole pence) or null. */
  warningLevel: number | null;
  /** What made it: for reading a figure. */
  story: string;
}

/** A normal deviate from the source (Box-Muller). */
function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Whole pence of a recurring charge's accrual per day, near enough to place a balance. */
function recurringPerDay(r: SyntheticAccount['recurring']): number {
  if (r === null) return 0;
  return r.every === 'month' ? (r.pence * 12) / 365 : r.pence / 7;
}

/**
 * One account from its seed. `start` is the calendar instant the cut is placed at (every account
 * of a run shares it, so a connected backtest can run them on one clock).
 */
export function syntheticAccount(seed: number, now: number): SyntheticAccount {
  const random = mulberry32(seed * 2654435761);
  const between = (a: number, b: number): number => a + (b - a) * random();
  const historyDays = Math.floor(between(21, 150));
  const openedAt = now - historyDays * DAY - Math.floor(random() * DAY);
  const baseRate = Math.exp(between(Math.log(30), Math.log(500)));
  const noise = between(0.1, 0.9);
  const weekend = between(0.5, 1.5);
  // How charges come: once a day, every few days, or several a day.
  const style = random();
  const every = style < 0.6 ? 1 : style < 0.8 ? Math.floor(between(2, 5)) : 1 / Math.floor(between(2, 6));
  const changeAt = random() < 0.5 ? openedAt + Math.floor(historyDays * between(0.35, 0.65)) * DAY : null;
  const changeBy = changeAt === null ? 1 : Math.exp(between(Math.log(0.6), Math.log(1.7)));
  const oneOffEvery = random() < 0.4 ? between(30, 90) : Infinity;
  const recurring =
    random() < 0.65
      ? {
          pence: random() < 0.8 ? Math.round(between(300, 2000)) : Math.round(between(100, 500)),
          every: random() < 0.8 ? ('month' as const) : ('week' as const),
        }
      : null;
  const usageAt = (t: number): number => {
    const weekday = new Date(t * 1000).getUTCDay();
    const pattern = weekday === 0 || weekday === 6 ? weekend : 1;
    return baseRate * pattern * (changeAt !== null && t >= changeAt ? changeBy : 1);
  };

  const horizon = 120;
  const charges: SyntheticCharge[] = [];
  const future: SyntheticCharge[] = [];
  const step = every * DAY;
  const phase = Math.floor(random() * Math.min(step, DAY));
  for (let t = openedAt + phase + step; t < now + horizon * DAY; t += step) {
    const mean = usageAt(t) * every;
    const pence = Math.max(1, Math.round(mean * Math.exp(noise * gaussian(random) - (noise * noise) / 2)));
    (t <= now ? charges : future).push({ at: t, pence, note: 'Bandwidth and storage' });
  }
  if (oneOffEvery !== Infinity) {
    for (let t = openedAt - Math.log(1 - random()) * oneOffEvery * DAY; t < now + horizon * DAY;) {
      const at = Math.floor(t);
      const pence = Math.round(usageAt(at) * between(25, 50));
      (at <= now ? charges : future).push({ at, pence, note: 'One-off fee' });
      t += -Math.log(1 - random()) * oneOffEvery * DAY;
    }
  }
  charges.sort((a, b) => a.at - b.at);
  future.sort((a, b) => a.at - b.at);

  // The balance at the cut: enough for a run-out between 3 and 110 days at the current rate.
  const perDay = usageAt(now) + recurringPerDay(recurring);
  const targetDays = Math.exp(between(Math.log(3), Math.log(110)));
  const warningLevel = random() < 0.5 ? Math.round(perDay * between(5, 15)) : null;
  const balanceAtCut = Math.round(perDay * targetDays + (warningLevel ?? 0) * 0);
  // Top-ups in the history: the opening one, and one whenever the balance would have gone under
  // a week of usage; the last history entries then end at balanceAtCut by choosing the opening.
  const spentBefore = charges.reduce((a, c) => a + c.pence, 0) + recurringSpent(recurring, openedAt, now);
  const topUps: SyntheticCharge[] = [];
  const topUpSize = Math.round(perDay * between(20, 60));
  // Walk back from the cut: top-ups land where the balance would have run under a week's usage.
  let opening = balanceAtCut + spentBefore;
  let extra = 0;
  if (opening > topUpSize * 2) {
    const count = Math.floor((opening - topUpSize) / topUpSize);
    for (let i = 1; i <= count; i++) {
      const at = openedAt + Math.floor(((i - 0.5) / count) * (now - openedAt));
      topUps.push({ at, pence: topUpSize, note: 'Top-up' });
      extra += topUpSize;
    }
    opening -= extra;
  }
  topUps.unshift({ at: openedAt, pence: Math.max(1, opening), note: 'Opening balance' });
  const story = [
    `${historyDays} days`,
    `£${(baseRate / 100).toFixed(2)}/day`,
    every === 1 ? 'daily' : every > 1 ? `every ${every} days` : `${Math.round(1 / every)} a day`,
    `noise ${noise.toFixed(2)}`,
    changeAt === null ? 'steady' : `rate x${changeBy.toFixed(2)} half-way`,
    oneOffEvery === Infinity ? 'no one-offs' : `one-offs every ${Math.round(oneOffEvery)} days`,
    recurring === null ? 'nothing recurring' : `£${(recurring.pence / 100).toFixed(2)} a ${recurring.every}`,
  ].join(', ');
  return { seed, now, openedAt, charges, topUps, recurring, future, warningLevel, story };
}

/** Pence a recurring charge accrues over [from, to], near enough (the app's own accrual is exact). */
function recurringSpent(r: SyntheticAccount['recurring'], from: number, to: number): number {
  return Math.round((recurringPerDay(r) * (to - from)) / DAY);
}
