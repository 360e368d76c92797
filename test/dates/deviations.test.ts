// The deliberate deviations from PHP listed in docs/date-deviations.md, and the rule the golden
// test uses to exclude exactly them.
import { describe, expect, it } from 'vitest';
import { formatLocal, parseLocalWallTime, resolve } from '../../src-main/dates/index.ts';
import { isListedDeviation } from '../../src-main/dates/deviations.ts';

const ZONE = 'Europe/London';
const NOW = parseLocalWallTime('2026-01-17T10:35:00', ZONE) ?? Number.NaN;
const wall = (text: string): string => formatLocal(resolve(text, { now: NOW, timeZone: ZONE }).epochSeconds, ZONE);

describe('deviations from PHP', () => {
  it('D1: "a <unit> ago" means one unit ago, not "now in military zone A"', () => {
    expect(wall('a week ago')).toBe('2026-01-10 10:35:00');
    expect(wall('A  Day  Ago')).toBe('2026-01-16 10:35:00');
    expect(wall('a month ago')).toBe('2025-12-17 10:35:00');
    expect(wall('a hour ago')).toBe('2026-01-17 09:35:00');
    // Without "ago" the text is left to PHP's reading (zone A, unit dropped).
    expect(wall('a week')).toBe('2026-01-17 09:35:00');
    expect(wall('a')).toBe('2026-01-17 09:35:00');
  });

  it('D2: more than 256 characters is not understood', () => {
    const long = 'tomorrow '.repeat(30);
    expect(resolve(long, { now: NOW, timeZone: ZONE })).toEqual({
      epochSeconds: NOW / 1000,
      understood: false,
      stage: 'none',
    });
  });

  it('lists exactly those cases for the golden exclusion', () => {
    expect(isListedDeviation('a week ago')).toBe(true);
    expect(isListedDeviation(' A Fortnight Ago ')).toBe(true);
    expect(isListedDeviation('x'.repeat(257))).toBe(true);
    expect(isListedDeviation('x'.repeat(256))).toBe(false);
    expect(isListedDeviation('a week')).toBe(false);
    expect(isListedDeviation('1 week ago')).toBe(false);
    expect(isListedDeviation('an hour ago')).toBe(false);
  });
});
