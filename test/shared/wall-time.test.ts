// @vitest-environment node
// The one reader of the spec's wall time `YYYY-MM-DD HH:MM:SS` (src-shared/wall-time.ts): exactly
// that form, a real calendar date and time, and the `local` form people type for --now.
import { describe, expect, it } from 'vitest';
import {
  monthName,
  readWallTime,
  wallSeconds,
  wallText,
  wallTextSeconds,
  weekdayOf,
} from '../../src-shared/wall-time.ts';

describe('readWallTime', () => {
  it('reads the spec form into its parts', () => {
    expect(readWallTime('2027-01-17 09:30:05')).toEqual({
      year: 2027,
      month: 1,
      day: 17,
      hour: 9,
      minute: 30,
      second: 5,
    });
  });

  it.each([
    '2026-02-30 00:00:00',
    '2026-02-29 00:00:00',
    '2026-04-31 12:00:00',
    '2026-13-01 00:00:00',
    '2026-00-10 00:00:00',
    '2026-11-29 24:00:00',
    '2026-11-29 10:60:00',
    '2026-11-29 10:35:60',
    '2026-11-29T10:35:00',
    '2026-11-29 10:35',
    ' 2026-11-29 10:35:00',
    '2026-11-29 10:35:00\n',
    '26-11-29 10:35:00',
  ])('refuses %j', (text) => {
    expect(readWallTime(text)).toBeUndefined();
  });

  it('takes 29 February in a leap year only', () => {
    expect(readWallTime('2024-02-29 00:00:00')?.day).toBe(29);
    expect(readWallTime('2000-02-29 00:00:00')?.day).toBe(29);
    expect(readWallTime('1900-02-29 00:00:00')).toBeUndefined();
  });

  it('the local form: a T, and seconds left out', () => {
    expect(readWallTime('2026-11-29T10:35:00', { local: true })?.hour).toBe(10);
    expect(readWallTime('2026-11-29 10:35', { local: true })?.second).toBe(0);
    expect(readWallTime('2026-02-30T10:35', { local: true })).toBeUndefined();
  });
});

describe('seconds of a wall time (no zone)', () => {
  it('counts from 1970-01-01 00:00:00 of the same calendar, and back', () => {
    expect(wallTextSeconds('1970-01-02 00:00:01')).toBe(86_401);
    expect(wallText(86_401)).toBe('1970-01-02 00:00:01');
    expect(wallText(wallTextSeconds('2031-05-01 08:00:00') ?? 0)).toBe('2031-05-01 08:00:00');
    expect(wallTextSeconds('not a date')).toBeUndefined();
  });

  it('keeps years below 100 (Date.UTC would read them as 19xx)', () => {
    const last = wallTextSeconds('0099-12-31 23:59:59');
    expect(last).toBe((wallTextSeconds('0100-01-01 00:00:00') ?? 0) - 1);
    expect(wallText(last ?? 0)).toBe('0099-12-31 23:59:59');
    expect(wallSeconds({ year: 50, month: 1, day: 1, hour: 0, minute: 0, second: 0 })).toBeLessThan(-60_000_000_000);
  });
});

describe('names', () => {
  it('weekday and month, written once', () => {
    const t = readWallTime('2026-11-28 10:35:00');
    expect(t && `${weekdayOf(t)} ${monthName(t)}`).toBe('Sat Nov');
    const leap = readWallTime('2024-02-29 00:00:00');
    expect(leap && weekdayOf(leap)).toBe('Thu');
    const early = readWallTime('0001-01-01 00:00:00');
    expect(early && weekdayOf(early)).toBe('Mon');
  });
});
