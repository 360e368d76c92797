import { describe, expect, it } from 'vitest';
import { periodAround } from '../../src-main/monitor/periods.ts';

const at = (iso: string): number => Date.parse(iso) / 1000;

describe('calendar periods in the configured zone', () => {
  it('days start at local midnight; the spring and autumn days are 23 and 25 hours', () => {
    expect(periodAround('daily', at('2026-03-29T12:00:00Z'), 'Europe/London')).toEqual({
      start: at('2026-03-29T00:00:00Z'),
      end: at('2026-03-29T23:00:00Z'),
    });
    const autumn = periodAround('daily', at('2026-10-25T12:00:00Z'), 'Europe/London');
    expect(autumn.end - autumn.start).toBe(25 * 3600);
  });
  it('a day whose midnight does not exist starts at the first instant that does', () => {
    const p = periodAround('daily', at('2026-09-06T15:00:00Z'), 'America/Santiago');
    expect(p).toEqual({ start: at('2026-09-06T04:00:00Z'), end: at('2026-09-07T03:00:00Z') });
  });
  it('weeks start on Monday; the instant of a boundary belongs to the new period', () => {
    expect(periodAround('weekly', at('2026-11-22T23:59:59Z'), 'UTC')).toEqual({
      start: at('2026-11-16T00:00:00Z'),
      end: at('2026-11-23T00:00:00Z'),
    });
    expect(periodAround('weekly', at('2026-11-23T00:00:00Z'), 'UTC').start).toBe(at('2026-11-23T00:00:00Z'));
  });
  it('months run from the 1st, February of a leap year included', () => {
    expect(periodAround('monthly', at('2028-02-15T00:00:00Z'), 'Australia/Sydney')).toEqual({
      start: at('2028-01-31T13:00:00Z'),
      end: at('2028-02-29T13:00:00Z'),
    });
  });
});
