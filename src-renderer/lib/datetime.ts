// Wall times from the service ("YYYY-MM-DD HH:MM:SS", already in the configured zone, read by
// src-shared/wall-time.ts) shown en-GB, from their parts.
import { readWallTime, type WallTime } from '../../src-shared/wall-time.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const two = (n: number): string => String(n).padStart(2, '0');

function weekday(t: WallTime): string {
  return WEEKDAYS[new Date(Date.UTC(t.year, t.month - 1, t.day)).getUTCDay()] ?? '';
}

/** "Sat 28 Nov 2026" */
export function formatDate(text: string): string {
  const t = readWallTime(text);
  if (!t) return text;
  return `${weekday(t)} ${t.day} ${MONTHS[t.month - 1] ?? ''} ${t.year}`;
}

/** "Sat 28 Nov 2026 10:35:00" */
export function formatDateTime(text: string): string {
  const t = readWallTime(text);
  if (!t) return text;
  return `${formatDate(text)} ${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;
}

/** "28 Nov" (chart ticks) */
export function formatShortDate(text: string): string {
  const t = readWallTime(text);
  if (!t) return text;
  return `${t.day} ${MONTHS[t.month - 1] ?? ''}`;
}

/** "in 6 days", "today", "in 1 day" */
export function formatDaysFromNow(epochSeconds: number, nowEpochSeconds: number): string {
  const days = Math.floor((epochSeconds - nowEpochSeconds) / 86_400);
  if (days <= 0) return 'within a day';
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}
