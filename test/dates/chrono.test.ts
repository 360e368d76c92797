// The chrono-node second stage: only for text strtotime rejects, only when chrono's reading spans
// the whole input; a date without a time means 00:00:00. Run under several process time zones:
// the answers must not depend on the machine's zone.
import { afterEach, describe, expect, it } from 'vitest';
import { formatLocal, parseLocalWallTime, resolve } from '../../src-main/dates/index.ts';
import { isPlainEnglish } from '../../src-main/dates/chrono-stage.ts';

const ZONE = 'Europe/London';
const NOW = parseLocalWallTime('2026-01-17T10:35:00', ZONE) ?? Number.NaN;
const at = (text: string, zone = ZONE, now = NOW): [string, string] => {
  const r = resolve(text, { now, timeZone: zone });
  return [r.stage, formatLocal(r.epochSeconds, zone)];
};

describe('chrono stage', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = savedTz;
  });

  for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Sydney']) {
    it(`reads English phrases PHP rejects, whatever the process zone (TZ=${tz})`, () => {
      process.env.TZ = tz;
      expect(at('in 3 days')).toEqual(['chrono', '2026-01-20 10:35:00']);
      expect(at('next Tuesday at 5pm')).toEqual(['chrono', '2026-01-20 17:00:00']);
      expect(at('two weeks ago')).toEqual(['chrono', '2026-01-03 10:35:00']);
      expect(at('the day after tomorrow')).toEqual(['chrono', '2026-01-19 00:00:00']);
      expect(at('the 3rd of March')).toEqual(['chrono', '2026-03-03 00:00:00']);
      expect(at('in 3 days', 'America/New_York', parseLocalWallTime('2024-03-09T12:00:00', 'America/New_York'))).toEqual(['chrono', '2024-03-12 12:00:00']);
    });
  }

  it('leaves text chrono only partly reads not understood', () => {
    expect(at('I have 2 cats')).toEqual(['none', '2026-01-17 10:35:00']);
    expect(at('call me tomorrow please')).toEqual(['none', '2026-01-17 10:35:00']);
    expect(at('a week from tomorrow')[0]).not.toBe('strtotime');
  });

  it('never reaches chrono for what strtotime reads', () => {
    expect(at('next friday')).toEqual(['strtotime', '2026-01-23 00:00:00']);
    expect(at('Tuesday 5pm')).toEqual(['strtotime', '2026-01-20 17:00:00']);
  });

  it('offers chrono plain English only, not numeric formats PHP rejected', () => {
    expect(isPlainEnglish('next Tuesday at 5:30pm')).toBe(true);
    expect(isPlainEnglish('13/1/2024')).toBe(false);
    expect(isPlainEnglish('1969-13-08')).toBe(false);
    expect(isPlainEnglish('0 pm')).toBe(false);
    expect(at('13/1/2024')).toEqual(['none', '2026-01-17 10:35:00']);
  });
});
