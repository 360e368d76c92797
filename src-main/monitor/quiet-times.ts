// Instants that quiet hours decide, in the app's zone with its DST: the morning (quiet hours'
// end, `to`) at which reminders and the digest come, and which night an instant in quiet hours
// belongs to (an urgent alert breaks through once a night per account). Wall times are read by
// the app's own zone rules (src-main/dates), so 08:00 is 08:00 on the days the clocks change.
import { inQuietMinutes, type QuietHours, wallMinutes } from '../../src-shared/quiet-hours.ts';
import { formatLocal, parseLocalWallTime, wallTimeIn } from '../dates/wall-clock.ts';
import { periodContaining } from '../domain/periods.ts';

/** `YYYY-MM-DD` of an instant in the zone. */
const localDate = (epochSeconds: number, timeZone: string): string => formatLocal(epochSeconds, timeZone).slice(0, 10);

/** Minutes after local midnight of an instant in the zone. */
function localMinutes(epochSeconds: number, timeZone: string): number {
  const t = wallTimeIn(epochSeconds, timeZone);
  return t.hour * 60 + t.minute;
}

/** Whether an instant falls in quiet hours (in the app's zone); never when they are off. */
export function inQuietHours(quiet: QuietHours, epochSeconds: number, timeZone: string): boolean {
  return inQuietMinutes(quiet, localMinutes(epochSeconds, timeZone));
}

/** The local date before the one `epochSeconds` falls on. */
function dayBefore(epochSeconds: number, timeZone: string): string {
  return localDate(periodContaining('day', epochSeconds, timeZone).start - 1, timeZone);
}

/** The instant of a wall time `HH:MM` on a local date (in a DST gap, an hour later: the wall time the clock shows). */
function wallInstant(date: string, hhmm: string, timeZone: string): number | undefined {
  const ms =
    parseLocalWallTime(`${date}T${hhmm}:00`, timeZone) ??
    parseLocalWallTime(`${date}T${String(Number(hhmm.slice(0, 2)) + 1).padStart(2, '0')}${hhmm.slice(2)}:00`, timeZone);
  return ms === undefined ? undefined : Math.floor(ms / 1000);
}

/**
 * The latest instant at or before `now` whose wall time is quiet hours' end (`to`), whether quiet
 * hours are on or not: the morning a reminder waits for.
 */
export function lastMorning(quiet: QuietHours, now: number, timeZone: string): number {
  const today = wallInstant(localDate(now, timeZone), quiet.to, timeZone);
  if (today !== undefined && today <= now) return today;
  return wallInstant(dayBefore(now, timeZone), quiet.to, timeZone) ?? now - 86_400;
}

/**
 * The night an instant in quiet hours belongs to: the local date its quiet span began on (a span
 * from 22:00 to 08:00 that began on the 22nd is the 22nd's, after midnight too); undefined
 * outside quiet hours.
 */
export function quietNight(quiet: QuietHours, now: number, timeZone: string): string | undefined {
  const minutes = localMinutes(now, timeZone);
  if (!inQuietMinutes(quiet, minutes)) return undefined;
  const from = wallMinutes(quiet.from) ?? 0;
  return minutes >= from ? localDate(now, timeZone) : dayBefore(now, timeZone);
}
