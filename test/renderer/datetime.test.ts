// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDaysFromNow, formatShortDate } from '../../src-renderer/lib/datetime.ts';
import { readWallTime } from '../../src-shared/wall-time.ts';
import { timeAgo } from '../../src-shared/time-ago.ts';

describe("wall-time formatting (en-GB, from the service's own wall time)", () => {
  it('formats like "Sat 28 Nov 2026 10:35:00"', () => {
    expect(formatDateTime('2026-11-28 10:35:00')).toBe('Sat 28 Nov 2026 10:35:00');
    expect(formatDateTime('2024-02-29 00:00:00')).toBe('Thu 29 Feb 2024 00:00:00');
    expect(formatDate('2026-03-29 01:30:00')).toBe('Sun 29 Mar 2026');
    expect(formatShortDate('2027-01-05 23:59:59')).toBe('5 Jan');
  });
  it('does not shift with the browser zone (no Date parsing of the wall time)', () => {
    // A wall time inside a London DST gap is still shown as the service wrote it.
    expect(formatDateTime('2026-03-29 01:30:00')).toBe('Sun 29 Mar 2026 01:30:00');
  });
  it('leaves unexpected text alone', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(readWallTime('2026-13-01 00:00:00')).toBeUndefined();
    expect(readWallTime('2026-01-01 24:00:00')).toBeUndefined();
  });
  it('"N minutes ago", one phrase for the window and the service', () => {
    expect(timeAgo(59)).toBe('just now');
    expect(timeAgo(60)).toBe('1 minute ago');
    expect(timeAgo(2 * 3600 + 5)).toBe('2 hours ago');
    expect(timeAgo(3 * 86_400)).toBe('3 days ago');
    expect(timeAgo(-5)).toBe('just now');
  });
  it('days from now', () => {
    expect(formatDaysFromNow(1000 + 6 * 86_400 + 5, 1000)).toBe('in 6 days');
    expect(formatDaysFromNow(1000 + 86_400, 1000)).toBe('in 1 day');
    expect(formatDaysFromNow(1000 + 3600, 1000)).toBe('within a day');
  });
});
