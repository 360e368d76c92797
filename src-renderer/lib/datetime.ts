// Wall times from the service ("YYYY-MM-DD HH:MM:SS", already in the configured zone) shown
// en-GB. We format from the parts ourselves rather than through Date, so the browser's own
// zone never shifts what the service said.

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export function parseWallTime(text: string): WallTime | undefined {
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
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return { year, month, day, hour, minute, second };
}

const two = (n: number): string => String(n).padStart(2, '0');

function weekday(t: WallTime): string {
  return WEEKDAYS[new Date(Date.UTC(t.year, t.month - 1, t.day)).getUTCDay()] ?? '';
}

/** "Sat 28 Nov 2026" */
export function formatDate(text: string): string {
  const t = parseWallTime(text);
  if (!t) return text;
  return `${weekday(t)} ${t.day} ${MONTHS[t.month - 1] ?? ''} ${t.year}`;
}

/** "Sat 28 Nov 2026 10:35:00" */
export function formatDateTime(text: string): string {
  const t = parseWallTime(text);
  if (!t) return text;
  return `${formatDate(text)} ${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;
}

/** "28 Nov" (chart ticks) */
export function formatShortDate(text: string): string {
  const t = parseWallTime(text);
  if (!t) return text;
  return `${t.day} ${MONTHS[t.month - 1] ?? ''}`;
}

/** "in 6 days", "today", "in 1 day" */
export function formatDaysFromNow(epochSeconds: number, nowEpochSeconds: number): string {
  const days = Math.floor((epochSeconds - nowEpochSeconds) / 86_400);
  if (days <= 0) return 'within a day';
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}
