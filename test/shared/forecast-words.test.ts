// The shared rules and words of a connected account's future: the runway, the provider's clock
// against this machine's, an unexpected charge or a top-up in words, and dates as the app writes them.
import { describe, expect, it } from 'vitest';
import { formatLocal } from '../../src-main/dates/index.ts';
import { answeredForProviderNow, clockGapWords, clocksDiffer } from '../../src-shared/provider-clock.ts';
import { runwayDays, runwayTold, runwayWords } from '../../src-shared/runway.ts';
import { surpriseWords } from '../../src-shared/surprise-words.ts';
import { wallDate } from '../../src-shared/wall-dates.ts';

const DAY = 86_400;

describe('the runway', () => {
  it('counts whole days to below zero, none when already there, unknown beyond the horizon', () => {
    expect(runwayDays('5000', 1000 + 12.9 * DAY, 1000)).toBe(12);
    expect(runwayDays('5000', 1000 + 0.5 * DAY, 1000)).toBe(0);
    expect(runwayDays('0', null, 1000)).toBe(0);
    expect(runwayDays('-0.0000000001', 5000, 1000)).toBe(0);
    expect(runwayDays('5000', null, 1000)).toBeNull();
    expect([runwayWords(12, 90), runwayWords(1, 90), runwayWords(0, 90), runwayWords(null, 90)]).toEqual([
      'runs out in about 12 days',
      'runs out in about 1 day',
      'runs out within a day',
      'does not run out within 90 days',
    ]);
  });

  it('is told only while the source is fine: a local account, or a provider answering with a current reading', () => {
    expect(([null, 'ok', 'unreachable', 'key_refused', 'stale'] as const).map((s) => runwayTold(s))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe("the provider's clock", () => {
  it('differs beyond three minutes, and tells an answer for its now from one for the instant asked', () => {
    expect([clocksDiffer(180), clocksDiffer(-181), clocksDiffer(0)]).toEqual([false, true, false]);
    expect(answeredForProviderNow('2031-05-01 08:00:03', '2031-05-01 08:00:00')).toBe(true);
    expect(answeredForProviderNow('2031-05-01 08:01:00', '2031-05-01 08:00:00')).toBe(false);
    expect(answeredForProviderNow('not a date', '2031-05-01 08:00:00')).toBe(false);
    expect([clockGapWords(600), clockGapWords(-7200), clockGapWords(4.5 * 365 * DAY), clockGapWords(1)]).toEqual([
      '10 minutes',
      '2 hours',
      '4 years',
      '1 second',
    ]);
  });
});

describe('surprises in words', () => {
  it('names the span, with the days when they differ', () => {
    expect(
      surpriseWords({
        kind: 'unexpected_charge',
        amount: '420',
        since: '2026-11-22 09:00:00',
        at: '2026-11-22 09:10:00',
      }),
    ).toBe('£4.20 more than expected went between 09:00 and 09:10');
    expect(
      surpriseWords({ kind: 'top_up', amount: '2500.5', since: '2027-01-16 23:55:00', at: '2027-01-17 00:05:00' }),
    ).toBe('£25.00 came in between Sat 16 Jan 2027 23:55 and Sun 17 Jan 2027 00:05 (a top-up)');
    expect(surpriseWords({ kind: 'unexpected_charge', amount: '100.5', since: null, at: '2026-11-22 09:10:00' })).toBe(
      '£1.00 more than expected went before 09:10 on Sun 22 Nov 2026',
    );
  });

  it('writes wall times in a zone, through a change of the clocks', () => {
    expect(formatLocal(Date.UTC(2026, 9, 25, 0, 30) / 1000, 'Europe/London')).toBe('2026-10-25 01:30:00');
    expect(formatLocal(Date.UTC(2026, 9, 25, 1, 30) / 1000, 'Europe/London')).toBe('2026-10-25 01:30:00');
    expect(formatLocal(Date.UTC(2031, 4, 1, 12) / 1000, 'America/New_York')).toBe('2031-05-01 08:00:00');
    expect([wallDate('2027-03-31 00:00:00'), wallDate('2027-01-17 09:30:00', { weekday: true })]).toEqual([
      '31 Mar 2027',
      'Sun 17 Jan 2027 09:30',
    ]);
  });
});
