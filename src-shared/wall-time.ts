// The spec's datetime, `YYYY-MM-DD HH:MM:SS` (a wall time in the answering side's zone), read in
// one place: the provider's documents are checked with it, the provider's clock is counted with
// it, `--now` is read with it (the `local` form), and the window and the shared words show it
// from its parts (never through Date in a zone, so nobody's own zone shifts what the service
// said). The weekday and month names are written here once.

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const WALL = /^(\d{4})-(\d{2})-(\d{2})([ T])(\d{2}):(\d{2})(?::(\d{2}))?$/;

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

export interface WallTimeForm {
  /**
   * A wall time typed by a person (`ACCOUNT_MONITOR_NOW`, `--now`): a `T` between the date and
   * the time is taken too, and the seconds may be left out. Otherwise exactly the spec's form.
   */
  local?: boolean;
}

/**
 * The parts of a wall time, or undefined when the text is not one: not of the form, or no real
 * date and time (a 30 February, a month 13, a 25th hour, a 60th second). Nothing is trimmed.
 */
export function readWallTime(text: string, form: WallTimeForm = {}): WallTime | undefined {
  const m = WALL.exec(text);
  if (!m) return undefined;
  if (form.local !== true && (m[4] !== ' ' || m[7] === undefined)) return undefined;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[5], m[6]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(m[7] ?? '0');
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { year, month, day, hour, minute, second };
}

/** A wall time as seconds since 1970-01-01 00:00:00 of the same calendar (no zone). */
export function wallSeconds(t: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(t.year, t.month - 1, t.day); // years below 100 too (Date.UTC would add 1900)
  date.setUTCHours(t.hour, t.minute, t.second, 0);
  return date.getTime() / 1000;
}

/** The text's wall time as seconds of its calendar (see wallSeconds), or undefined when it is not one. */
export function wallTextSeconds(text: string): number | undefined {
  const t = readWallTime(text);
  return t === undefined ? undefined : wallSeconds(t);
}

/** Seconds of a calendar without zone back to `YYYY-MM-DD HH:MM:SS` (the inverse of wallSeconds). */
export function wallText(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** "Sun" ... "Sat": the weekday of a wall time's date. */
export function weekdayOf(t: WallTime): string {
  const days = Math.floor(wallSeconds({ ...t, hour: 0, minute: 0, second: 0 }) / 86_400);
  return WEEKDAYS[(((days + 4) % 7) + 7) % 7] ?? '';
}

/** "Jan" ... "Dec". */
export function monthName(t: WallTime): string {
  return MONTHS[t.month - 1] ?? '';
}

/** "09:30": a wall time's hour and minute, 24-hour. */
export function clockOf(t: WallTime): string {
  return `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
}
