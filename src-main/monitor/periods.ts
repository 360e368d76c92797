// Calendar periods of the configured zone for usage summaries: a day starts at local midnight,
// a week on Monday (ISO), a month on its 1st. Boundaries are computed on wall dates and then
// placed in the zone, so DST days are 23 or 25 hours long as they should be.
import { Temporal } from 'temporal-polyfill';
import type { SummaryPeriod } from './types.ts';

function startOf(period: SummaryPeriod, date: Temporal.PlainDate): Temporal.PlainDate {
  switch (period) {
    case 'daily': return date;
    case 'weekly': return date.subtract({ days: date.dayOfWeek - 1 });
    case 'monthly': return date.with({ day: 1 });
  }
}

function next(period: SummaryPeriod, start: Temporal.PlainDate): Temporal.PlainDate {
  switch (period) {
    case 'daily': return start.add({ days: 1 });
    case 'weekly': return start.add({ weeks: 1 });
    case 'monthly': return start.add({ months: 1 });
  }
}

function instant(date: Temporal.PlainDate, timeZone: string): number {
  // toZonedDateTime without a time gives the start of that day, even where midnight is skipped.
  return date.toZonedDateTime({ timeZone }).epochMilliseconds / 1000;
}

/** The period containing `epochSeconds`: [start, end) in epoch seconds. */
export function periodAround(period: SummaryPeriod, epochSeconds: number, timeZone: string): { start: number; end: number } {
  const today = Temporal.Instant.fromEpochMilliseconds(epochSeconds * 1000).toZonedDateTimeISO(timeZone).toPlainDate();
  const start = startOf(period, today);
  return { start: instant(start, timeZone), end: instant(next(period, start), timeZone) };
}
