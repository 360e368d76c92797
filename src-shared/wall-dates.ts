// Wall times as the service writes them ("YYYY-MM-DD HH:MM:SS", already in the configured zone)
// in the words the app uses for dates: "Sun 17 Jan 2027", "31 Mar 2027". Formatted from the parts
// (read by wall-time.ts), never through Date in a zone, so nobody's own zone shifts what the
// service said.
import { clockOf, monthName, readWallTime, type WallTime, weekdayOf } from './wall-time.ts';

/** "17 Jan 2027", or "Sun 17 Jan 2027" with `weekday`: a wall time's date. */
export function dateWords(t: WallTime, options: { weekday?: boolean } = {}): string {
  const day = `${t.day} ${monthName(t)} ${t.year}`;
  return options.weekday === true ? `${weekdayOf(t)} ${day}` : day;
}

/** "Sun 17 Jan 2027" (`weekday`), "17 Jan 2027" without; the time too ("… 09:30") when it is not midnight. */
export function wallDate(text: string, options: { weekday?: boolean } = {}): string {
  const t = readWallTime(text.trim());
  if (!t) return text;
  const date = dateWords(t, options);
  return t.hour === 0 && t.minute === 0 && t.second === 0 ? date : `${date} ${clockOf(t)}`;
}
