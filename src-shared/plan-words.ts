// The top-up plan in words, for the window and the CLI alike: "To stay above £20.00 until 31 Mar
// 2027, top up £45.12 by Sun 17 Jan 2027"; on the forecast's pessimistic path (when it has learned
// the account's spending), "Top up £32.40 by Fri 18 Dec 2026 to stay above £20.00 until 31 Mar
// 2027 with 9 chances in 10". Amounts in pounds (money/pounds.ts), dates as the service wrote them
// (wall-dates.ts).
import { formatPounds } from './money/pounds.ts';
import { wallDate } from './wall-dates.ts';

export interface PlanForWords {
  keepAbove: number;
  topUp: string;
  /** Wall times in the configured zone. */
  until: string;
  from: string;
  by: string | null;
  lowest: { balance: string; datetime: string };
  /** Planned on the pessimistic path (the p10 balance): said as "with 9 chances in 10". */
  pessimistic?: boolean;
}

/** What planning on the pessimistic path promises. */
export const PESSIMISTIC_CHANCES = 'with 9 chances in 10';

export function planWords(plan: PlanForWords): string {
  const keep = formatPounds(plan.keepAbove);
  const until = wallDate(plan.until);
  const odds = plan.pessimistic === true;
  const lowest = `${formatPounds(plan.lowest.balance)} on ${wallDate(plan.lowest.datetime, { weekday: true })}`;
  if (plan.by === null || plan.topUp === '0')
    return odds
      ? `Your balance stays above ${keep} until ${until} without a top-up, ${PESSIMISTIC_CHANCES} (its lowest on the pessimistic path: ${lowest}).`
      : `Your balance stays above ${keep} until ${until} without a top-up (its lowest: ${lowest}).`;
  const amount = formatPounds(plan.topUp);
  if (plan.by <= plan.from)
    return odds
      ? `Top up ${amount} now to stay above ${keep} until ${until} ${PESSIMISTIC_CHANCES}: the balance is already below it.`
      : `To stay above ${keep} until ${until}, top up ${amount} now: the balance is already below it.`;
  const by = wallDate(plan.by, { weekday: true });
  return odds
    ? `Top up ${amount} by ${by} to stay above ${keep} until ${until} ${PESSIMISTIC_CHANCES}.`
    : `To stay above ${keep} until ${until}, top up ${amount} by ${by}.`;
}
