// The alert and tray texts' dates and clock times, written from the zone rules with the app's own
// day and month names (presentation.ts), and quiet hours read the same way (quiet-times.ts):
// across zones, a clock-change night and a year's end. No Intl formatter is set up for them.
import { isMainThread } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProcessClockFor } from '../../src-main/dates/zone/zone-rules.ts';
import { readClockTime, shortDateTime } from '../../src-main/monitor/presentation.ts';
import { inQuietHours } from '../../src-main/monitor/quiet-times.ts';

const utc = (iso: string): number => Date.parse(iso) / 1000;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('clock words', () => {
  it('says an instant as "Tue 1 Dec, 14:00" in the zone', () => {
    expect(shortDateTime(utc('2026-12-01T14:00:00Z'), 'Europe/London')).toBe('Tue 1 Dec, 14:00');
    expect(shortDateTime(utc('2026-09-01T10:05:00Z'), 'Europe/London')).toBe('Tue 1 Sep, 11:05');
    expect(shortDateTime(utc('2026-12-31T23:30:00Z'), 'Asia/Tokyo')).toBe('Fri 1 Jan, 08:30');
    expect(shortDateTime(utc('2027-01-01T03:00:00Z'), 'America/New_York')).toBe('Thu 31 Dec, 22:00');
    // The autumn night in London: 01:30 comes twice, first in BST then in GMT.
    expect(shortDateTime(utc('2026-10-25T00:30:00Z'), 'Europe/London')).toBe('Sun 25 Oct, 01:30');
    expect(shortDateTime(utc('2026-10-25T01:30:00Z'), 'Europe/London')).toBe('Sun 25 Oct, 01:30');
  });

  it('says a reading of today by its clock time, one of another day with its date', () => {
    const now = utc('2026-11-22T10:35:00Z');
    expect(readClockTime(utc('2026-11-22T00:05:00Z'), now, 'Europe/London')).toBe('at 00:05');
    expect(readClockTime(utc('2026-11-21T23:55:00Z'), now, 'Europe/London')).toBe('Sat 21 Nov, 23:55');
    // 23:55 UTC on the 21st is already the 22nd in Tokyo.
    expect(readClockTime(utc('2026-11-21T23:55:00Z'), now, 'Asia/Tokyo')).toBe('at 08:55');
  });

  it('reads quiet hours in the zone, summer time included', () => {
    const night = { enabled: true, from: '22:00', to: '08:00' };
    expect(inQuietHours(night, utc('2026-07-01T21:30:00Z'), 'Europe/London')).toBe(true); // 22:30 BST
    expect(inQuietHours(night, utc('2026-07-01T20:59:00Z'), 'Europe/London')).toBe(false); // 21:59 BST
    expect(inQuietHours(night, utc('2026-03-29T06:59:00Z'), 'Europe/London')).toBe(true); // 07:59 BST, the spring morning
    expect(inQuietHours(night, utc('2026-03-29T07:00:00Z'), 'Europe/London')).toBe(false);
  });

  // TZ set at run time reaches only a main thread's Date (test/dates/process-clock.test.ts).
  it.skipIf(!isMainThread)(
    `sets up no Intl date formatter for the zone the process clock runs in${isMainThread ? '' : ' (skipped: in a worker thread, where TZ set at run time does not reach Date)'}`,
    () => {
      const savedTz = process.env.TZ;
      try {
        expect(useProcessClockFor('Europe/London')).toBe(true);
        const made = vi.spyOn(Intl, 'DateTimeFormat');
        expect(shortDateTime(utc('2026-10-25T01:30:00Z'), 'Europe/London')).toBe('Sun 25 Oct, 01:30');
        expect(readClockTime(utc('2026-12-01T14:00:00Z'), utc('2026-12-02T14:00:00Z'), 'Europe/London')).toBe(
          'Tue 1 Dec, 14:00',
        );
        expect(
          inQuietHours({ enabled: true, from: '22:00', to: '08:00' }, utc('2026-07-01T21:30:00Z'), 'Europe/London'),
        ).toBe(true);
        expect(made).not.toHaveBeenCalled();
      } finally {
        if (savedTz === undefined) delete process.env.TZ;
        else process.env.TZ = savedTz;
      }
    },
  );
});
