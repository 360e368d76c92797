// The top-up plan in words, for the window and the CLI alike: "To stay above £20.00 until 31 Mar
// 2027, top up £45.12 by Sun 17 Jan 2027". Amounts in pounds (money/pounds.ts), dates as the
// service wrote them (wall-dates.ts).
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
}

export function planWords(plan: PlanForWords): string {
  const keep = formatPounds(plan.keepAbove);
  const until = wallDate(plan.until);
  if (plan.by === null || plan.topUp === '0')
    return `Your balance stays above ${keep} until ${until} without a top-up (its lowest: ${formatPounds(plan.lowest.balance)} on ${wallDate(plan.lowest.datetime, { weekday: true })}).`;
  const amount = formatPounds(plan.topUp);
  if (plan.by <= plan.from)
    return `To stay above ${keep} until ${until}, top up ${amount} now: the balance is already below it.`;
  return `To stay above ${keep} until ${until}, top up ${amount} by ${wallDate(plan.by, { weekday: true })}.`;
}
