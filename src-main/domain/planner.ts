// The top-up planner: how much to add, and by when, for the balance to stay at or above an amount
// until a date. It asks the account's source the same question for a local ledger and a provider
// (AccountSource.lowPoint: the lowest balance up to the date, and the first instant below the
// amount), so the plan comes from the same balances as the forecast: its pessimistic path (the
// p10 balance, what is scheduled less the spending the history says is 9 in 10 not exceeded)
// once the forecast has learned the account's spending, what is scheduled alone before. The rule: the top-up is the
// amount to keep minus the lowest balance, rounded up to the whole penny (exact: no float), and it
// must arrive before the first instant the balance would fall below the amount.
import { parseExactPence } from '../../src-shared/money/decimal.ts';
import { HORIZON_DAYS, MAX_WARNING_LEVEL } from '../../src-shared/limits.ts';
import { clocksDiffer } from '../../src-shared/provider-clock.ts';
import { quote } from '../../src-shared/quote.ts';
import { resolve, type DateOrder } from '../dates/index.ts';
import type { AccountSource } from './account-source.ts';
import { DomainError } from './errors.ts';

export interface Plan {
  /** Where it starts: the source's now (for a connected account, on its provider's clock). */
  from: number;
  until: number;
  /** Whole pence the balance is to stay at or above. */
  keepAbove: number;
  /** Whole pence to add (0: none needed), as text. */
  topUp: string;
  /** The first instant the balance would fall below `keepAbove`: the top-up must arrive before it (null: no top-up needed). */
  by: number | null;
  /** The lowest balance in [from, until] without a top-up, and the first instant it is reached. */
  lowest: { at: number; balance: string };
  /** Planned on the forecast's pessimistic path (the p10 balance: 9 chances in 10), not on what is scheduled alone. */
  pessimistic: boolean;
}

/** Whole pence a top-up must bring so that `lowest + topUp >= keepAbove`: never negative. */
export function topUpFor(lowest: string, keepAbove: number): bigint {
  const low = parseExactPence(lowest);
  const short = BigInt(keepAbove) * low.d - low.n;
  if (short <= 0n) return 0n;
  return (short + low.d - 1n) / low.d;
}

/** Checks the plan's question: a whole number of pence to keep, an end after now and not too far. */
export function checkPlanQuestion(keepAbove: number, until: number, now: number): void {
  if (!Number.isSafeInteger(keepAbove) || keepAbove < 0 || keepAbove > MAX_WARNING_LEVEL)
    throw new DomainError(
      'invalid_plan',
      `the amount to stay above is whole pence from 0 to ${MAX_WARNING_LEVEL}; got ${String(keepAbove)}`,
    );
  if (until <= now) throw new DomainError('invalid_plan', 'the plan must end after now');
  if (until - now > HORIZON_DAYS.max * 86_400)
    throw new DomainError('invalid_plan', `a plan looks at most ${HORIZON_DAYS.max} days ahead`);
}

/**
 * Now as the account's source counts it: this machine's clock, or a connected account's
 * provider's when the two differ by more than the tolerance (the forecast starts there too).
 */
export async function sourceNow(source: AccountSource, localNow: number): Promise<number> {
  const clock = await source.clock();
  return clock !== null && clocksDiffer(clock.offsetSeconds) ? localNow + clock.offsetSeconds : localNow;
}

/**
 * The plan's end from a phrase, read in the configured zone against the source's now ("+3
 * months" from the provider's now when its clock differs); a phrase not understood is refused.
 */
export function planEnd(phrase: string, now: number, timeZone: string, dateOrder: DateOrder = 'mdy'): number {
  const r = resolve(phrase, { now: now * 1000, timeZone, dateOrder });
  if (!r.understood) {
    throw new DomainError(
      'invalid_plan',
      `the end of the plan: ${quote(phrase)} is not a date or time this app understands`,
    );
  }
  return r.epochSeconds;
}

export async function planTopUp(source: AccountSource, until: number, keepAbove: number, now: number): Promise<Plan> {
  checkPlanQuestion(keepAbove, until, now);
  const low = await source.lowPoint(until, keepAbove);
  const topUp = topUpFor(low.lowest.balance, keepAbove);
  return {
    from: low.from,
    until,
    keepAbove,
    topUp: topUp.toString(),
    by: topUp === 0n ? null : (low.firstBelow ?? low.lowest.at),
    lowest: low.lowest,
    pessimistic: low.pessimistic,
  };
}
