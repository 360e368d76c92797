// Wall times from the service ("YYYY-MM-DD HH:MM:SS", already in the configured zone, read by
// src-shared/wall-time.ts, which also names the weekdays and months) shown en-GB, from their parts.
import { monthName, readWallTime, weekdayOf } from '../../src-shared/wall-time.ts';

const two = (n: number): string => String(n).padStart(2, '0');

/** "Sat 28 Nov 2026" */
export function formatDate(text: string): string {
  const t = readWallTime(text.trim());
  if (!t) return text;
  return `${weekdayOf(t)} ${t.day} ${monthName(t)} ${t.year}`;
}

/** "Sat 28 Nov 2026 10:35:00" */
export function formatDateTime(text: string): string {
  const t = readWallTime(text.trim());
  if (!t) return text;
  return `${formatDate(text)} ${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;
}

/** "28 Nov" (chart ticks) */
export function formatShortDate(text: string): string {
  const t = readWallTime(text.trim());
  if (!t) return text;
  return `${t.day} ${monthName(t)}`;
}

/** "in 6 days", "today", "in 1 day" */
export function formatDaysFromNow(epochSeconds: number, nowEpochSeconds: number): string {
  const days = Math.floor((epochSeconds - nowEpochSeconds) / 86_400);
  if (days <= 0) return 'within a day';
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}
