// The spec's datetime, `YYYY-MM-DD HH:MM:SS` (a wall time in the answering side's zone), read in
// one place: the window shows it in words from its parts (never through Date, so the browser's
// own zone never shifts what the service said). A `T` between date and time is taken too.

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** The parts of a wall time, or undefined when the text is not one (a month 13, a 25th hour). */
export function readWallTime(text: string): WallTime | undefined {
  const m = WALL.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  return { year, month, day, hour, minute, second };
}
