// The forecast's range in words, for the window's forecast and `account-monitor forecast` alike:
// "Reaches zero between 19 and 28 Dec, most likely 23 Dec", and what it stands on ("your usage
// averages £1.21 a day over 60 days, on top of £5.00 a month scheduled", or "collecting data:
// counting scheduled charges only"). Dates as the service wrote them (wall times in the app's
// zone), shown without their year when it is the forecast's own.
import type { ForecastBasis } from './app-api.ts';
import { formatPounds } from './money/pounds.ts';
import { readWallTime } from './wall-time.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The three instants of a crossing as wall times (null: not within the horizon). */
export interface RangeForWords {
  p10: string | null;
  p50: string | null;
  p90: string | null;
}

/** The words said while the forecast counts what is scheduled alone. */
export const COLLECTING_WORDS = 'collecting data: counting scheduled charges only';

interface Day {
  day: number;
  month: number;
  year: number;
}

function dayOf(text: string): Day | undefined {
  const t = readWallTime(text);
  return t === undefined ? undefined : { day: t.day, month: t.month, year: t.year };
}

const same = (a: Day, b: Day): boolean => a.day === b.day && a.month === b.month && a.year === b.year;

/** "23 Dec", or "3 Jan 2027" when the year is not `year`. */
function dayText(d: Day, year: number): string {
  return `${d.day} ${MONTHS[d.month - 1] ?? ''}${d.year === year ? '' : ` ${d.year}`}`;
}

/** "19 and 28 Dec", "28 Nov and 3 Dec", "28 Dec and 3 Jan 2027". */
function betweenDays(a: Day, b: Day, year: number): string {
  if (a.month === b.month && a.year === b.year) return `${a.day} and ${dayText(b, year)}`;
  return `${dayText(a, year)} and ${dayText(b, year)}`;
}

/**
 * One crossing's range as the start of a sentence, `verb` naming it ("Reaches zero", "Falls below
 * your warning level"); undefined when not even the earliest plausible crossing is within the
 * horizon. `from`: where the forecast starts (its year is left out of the dates).
 */
export function rangeWords(verb: string, range: RangeForWords, from: string, horizonDays: number): string | undefined {
  const year = dayOf(from)?.year ?? 0;
  const p10 = range.p10 === null ? undefined : dayOf(range.p10);
  const p50 = range.p50 === null ? undefined : dayOf(range.p50);
  const p90 = range.p90 === null ? undefined : dayOf(range.p90);
  if (p10 === undefined) return undefined;
  if (p50 === undefined)
    return `${verb} at the earliest on ${dayText(p10, year)}, not likely within ${horizonDays} days`;
  if (p90 === undefined)
    return `${verb} from ${dayText(p10, year)}, most likely ${dayText(p50, year)} (perhaps not within ${horizonDays} days)`;
  if (same(p10, p90)) return `${verb} on ${dayText(p50, year)}`;
  return `${verb} between ${betweenDays(p10, p90, year)}, most likely ${dayText(p50, year)}`;
}

/** What the forecast stands on: the learned rate and what is scheduled, or that it is still collecting data. */
export function basisWords(basis: ForecastBasis): string {
  if (basis.scheduledOnly) return COLLECTING_WORDS;
  const days = `${basis.days} day${basis.days === 1 ? '' : 's'}`;
  const usage = `your usage averages ${formatPounds(basis.dailyRate)} a day over ${days}`;
  const monthly = basis.scheduledPerMonth;
  if (monthly === null || Number(monthly) <= 0) return `${usage}, with nothing scheduled`;
  return `${usage}, on top of ${formatPounds(monthly)} a month scheduled`;
}
