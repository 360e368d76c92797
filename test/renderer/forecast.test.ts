// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ForecastAnswer, OutlookAnswer } from '../../src-shared/app-api.ts';
import {
  clockNote,
  forecastWords,
  outlookWords,
  runwayText,
} from '../../src-renderer/features/dashboard/forecast-words.ts';
import { accountStandingOf, standingOf } from '../../src-renderer/lib/standing.ts';
import { sourceText, stateText } from '../../src-renderer/features/dashboard/StateBadge.tsx';

const NOW = 1_795_343_700; // 2026-11-22 10:35:00 London
const at = (days: number, datetime: string) => ({ datetime, epochSeconds: NOW + days * 86_400 });
const none = { p10: null, p50: null, p90: null };
const collecting: ForecastAnswer['basis'] = {
  days: 3,
  unscheduledCharges: 1,
  dailyRate: '0.00',
  scheduledOnly: true,
  scheduledPerMonth: '3100.00',
};
const base: ForecastAnswer = {
  horizonDays: 90,
  belowWarning: null,
  zero: null,
  range: { belowWarning: none, zero: none },
  confidence: 'collecting',
  basis: collecting,
  balanceNow: '5000',
};
const COLLECTING = { text: 'Collecting data: counting scheduled charges only.', severity: 'ok' };
const ctx = { warningLevel: 2000, warningEnabled: true, nowEpochSeconds: NOW };

describe('forecastWords', () => {
  it('no run-out in the horizon', () => {
    expect(forecastWords(base, ctx)).toEqual([{ text: 'No run-out in the next 90 days.', severity: 'ok' }, COLLECTING]);
    expect(forecastWords({ ...base, horizonDays: 30 }, ctx)[0]?.text).toBe('No run-out in the next 30 days.');
  });
  it('falls below the warning level, then reaches zero', () => {
    const f = { ...base, belowWarning: at(6, '2026-11-28 10:35:00'), zero: at(40, '2027-01-01 00:00:00') };
    expect(forecastWords(f, ctx).map((l) => l.text)).toEqual([
      'Falls below your warning level on Sat 28 Nov 2026 (in 6 days).',
      'Reaches zero on Fri 1 Jan 2027 (in 40 days).',
      COLLECTING.text,
    ]);
  });
  it('says nothing of a warning level that is off', () => {
    const f = { ...base, belowWarning: at(6, '2026-11-28 10:35:00') };
    expect(forecastWords(f, { ...ctx, warningEnabled: false })[0]?.text).toBe('No run-out in the next 90 days.');
  });
  it('already below the level, already run out', () => {
    expect(forecastWords({ ...base, balanceNow: '1999.5' }, ctx)[0]).toEqual({
      text: 'Your balance is already below your warning level.',
      severity: 'warning',
    });
    expect(forecastWords({ ...base, balanceNow: '-12.5', zero: at(0, '2026-11-22 10:35:00') }, ctx)).toEqual([
      { text: 'Your balance is -£0.13: it has run out.', severity: 'danger' },
      COLLECTING,
    ]);
    expect(forecastWords({ ...base, balanceNow: '0' }, ctx)[0]?.text).toBe(
      'Your balance is £0.00: add a top-up to keep your hosting running.',
    );
  });
});

describe('standingOf (the window asks src-shared/account-status.ts, as the tray does)', () => {
  it('ok, low, below zero; with no level (or the warning off), ok above zero', () => {
    const on = { warningLevel: 2000, warningEnabled: true };
    expect(standingOf('2000', on)).toBe('ok');
    expect(standingOf('1999.9999999999', on)).toBe('low');
    expect(standingOf('0', on)).toBe('below_zero');
    expect(standingOf('5', { warningLevel: null, warningEnabled: true })).toBe('ok');
    expect(standingOf('5', { warningLevel: 2000, warningEnabled: false })).toBe('ok');
    expect(standingOf('-5', { warningLevel: null, warningEnabled: false })).toBe('below_zero');
    expect(standingOf(null, on)).toBe('unknown');
  });
});

describe('the learned forecast in words (issue 32)', () => {
  const learned: ForecastAnswer = {
    ...base,
    confidence: 'medium',
    basis: { days: 60, unscheduledCharges: 59, dailyRate: '121.40', scheduledOnly: false, scheduledPerMonth: '500.00' },
  };
  const r = (p10: string | null, p50: string | null, p90: string | null) => ({
    p10: p10 === null ? null : at(20, p10),
    p50: p50 === null ? null : at(25, p50),
    p90: p90 === null ? null : at(30, p90),
  });
  it('says the range and what it stands on', () => {
    const f = {
      ...learned,
      range: {
        belowWarning: r('2026-12-05 03:00:00', '2026-12-08 11:00:00', '2026-12-12 00:00:00'),
        zero: r('2026-12-19 10:00:00', '2026-12-23 09:00:00', '2026-12-28 01:00:00'),
      },
    };
    expect(forecastWords(f, ctx, '2026-11-27 12:00:00')).toEqual([
      { text: 'Falls below your warning level between 5 and 12 Dec, most likely 8 Dec.', severity: 'warning' },
      {
        text: 'Reaches zero between 19 and 28 Dec, most likely 23 Dec: your usage averages £1.21 a day over 60 days, on top of £5.00 a month scheduled.',
        severity: 'danger',
      },
    ]);
  });
  it('across months and years, and when the latest or the likely crossing is beyond the horizon', () => {
    const zero = (p10: string | null, p50: string | null, p90: string | null) =>
      forecastWords(
        { ...learned, range: { belowWarning: none, zero: r(p10, p50, p90) } },
        ctx,
        '2026-11-27 12:00:00',
      )[0]?.text;
    expect(zero('2026-12-28 10:00:00', '2027-01-01 09:00:00', '2027-01-05 01:00:00')).toBe(
      'Reaches zero between 28 Dec and 5 Jan 2027, most likely 1 Jan 2027: your usage averages £1.21 a day over 60 days, on top of £5.00 a month scheduled.',
    );
    expect(zero('2027-02-10 10:00:00', '2027-02-20 09:00:00', null)).toMatch(
      /^Reaches zero from 10 Feb 2027, most likely 20 Feb 2027 \(perhaps not within 90 days\):/,
    );
    expect(zero('2027-02-10 10:00:00', null, null)).toMatch(
      /^Reaches zero at the earliest on 10 Feb 2027, not likely within 90 days:/,
    );
    expect(zero(null, null, null)).toMatch(/^No run-out in the next 90 days: your usage averages/);
  });
});

describe('outlookWords, runwayText, clockNote (the outlook route in words)', () => {
  const outlook: OutlookAnswer = {
    ...base,
    from: { datetime: '2026-11-22 10:35:00', epochSeconds: NOW },
    runwayDays: null,
    shortDipPossibleAt: null,
    unknownBecause: null,
    clock: null,
  };
  it('counts days from where the forecast starts (the provider now), not this machine', () => {
    const from = { datetime: '2031-05-01 08:00:00', epochSeconds: NOW + 1000 * 86_400 };
    const f = {
      ...outlook,
      from,
      belowWarning: { datetime: '2031-05-11 08:00:00', epochSeconds: from.epochSeconds + 10 * 86_400 },
    };
    expect(outlookWords(f, ctx).map((l) => l.text)).toEqual([
      'Falls below your warning level on Sun 11 May 2031 (in 10 days).',
      COLLECTING.text,
    ]);
  });
  it('says a short dip cannot be ruled out, only while the balance is above the level', () => {
    const f = { ...outlook, shortDipPossibleAt: at(30, '2026-12-22 10:35:00') };
    expect(outlookWords(f, ctx).map((l) => l.text)).toEqual([
      'No run-out in the next 90 days.',
      COLLECTING.text,
      "A dip below your warning level lasting less than a day around Tue 22 Dec 2026 10:35:00 cannot be ruled out: your provider's balances are looked at once a day.",
    ]);
    expect(outlookWords({ ...f, balanceNow: '100' }, ctx)).toHaveLength(2);
    expect(outlookWords(f, { ...ctx, warningEnabled: false })).toHaveLength(2);
  });
  it('never says "No run-out" when the crossings are unknown', () => {
    const f = { ...outlook, unknownBecause: 'Your provider answered for its own now.' };
    expect(outlookWords(f, ctx)).toEqual([
      {
        text: 'The forecast cannot be worked out: Your provider answered for its own now. The balance and its state above still stand.',
        severity: 'warning',
      },
    ]);
    expect(runwayText(f)).toBeUndefined();
    expect(outlookWords({ ...f, balanceNow: '100' }, ctx).map((l) => l.severity)).toEqual(['warning', 'warning']);
  });
  it('the runway from the likely crossing, and saying so with the range', () => {
    const f = {
      ...outlook,
      runwayDays: 26,
      basis: { ...collecting, scheduledOnly: false },
      range: {
        belowWarning: none,
        zero: {
          p10: at(22, '2026-12-14 10:35:00'),
          p50: at(26, '2026-12-18 10:35:00'),
          p90: at(31, '2026-12-23 10:35:00'),
        },
      },
    };
    expect(runwayText(f)).toBe('runs out in about 26 days (the likely day; 22 to 31 days plausible)');
    expect(runwayText({ ...f, range: { ...f.range, zero: { ...f.range.zero, p90: null } } })).toBe(
      'runs out in about 26 days (the likely day; 22 to more than 90 days plausible)',
    );
  });
  it('the runway in the shared words', () => {
    expect(runwayText({ ...outlook, runwayDays: 41 })).toBe('runs out in about 41 days');
    expect(runwayText({ ...outlook, runwayDays: 1 })).toBe('runs out in about 1 day');
    expect(runwayText({ ...outlook, runwayDays: 0 })).toBe('runs out within a day');
    expect(runwayText(outlook)).toBe('does not run out within 90 days');
  });
  it('the clock note: only when the clocks differ, ahead or behind', () => {
    const clock = {
      providerNow: '2026-11-22 10:47:00',
      offsetSeconds: 12 * 60,
      differs: true,
      checkedAt: { datetime: '2026-11-22 10:30:00', epochSeconds: NOW - 300 },
    };
    expect(clockNote(null)).toBeUndefined();
    expect(clockNote({ ...clock, offsetSeconds: 60, differs: false })).toBeUndefined();
    expect(clockNote(clock)).toBe(
      "Your provider's clock is 12 minutes ahead of this computer's (its time now: Sun 22 Nov 2026 10:47:00). The forecast, the chart and the planner count from your provider's now, as it reads dates.",
    );
    expect(clockNote({ ...clock, offsetSeconds: -2 * 3600 })).toMatch(
      /^Your provider's clock is 2 hours behind this computer's/,
    );
  });
});

describe('the state pill with the provider in trouble (accountStandingOf asks src-shared/account-status.ts)', () => {
  const on = { warningLevel: 2000, warningEnabled: true };
  const remote = (state: 'ok' | 'unreachable' | 'key_refused', answeredAgo: number | null) => ({
    kind: 'remote' as const,
    state,
    lastAnsweredAt: answeredAgo === null ? null : { epochSeconds: NOW - answeredAgo },
  });
  const words = (balance: string | null, account: ReturnType<typeof remote>) => {
    const status = accountStandingOf(balance, on, account, NOW, 30);
    const text = stateText(status.balance, 2000, true);
    return status.source === null ? text : (sourceText(status.source, status.balance, text) ?? text);
  };
  it('never "OK" while the provider is not answering, refused the key or is out of date', () => {
    expect(words('5000', remote('ok', 60))).toBe('OK: above your warning level of £20.00');
    expect(words('5000', remote('unreachable', 60))).toBe(
      'Provider not answering: the last known balance was above your warning level of £20.00',
    );
    expect(words('1500', remote('key_refused', 60))).toBe(
      'Key refused by your provider: the last known balance was below your warning level of £20.00',
    );
    expect(words('5000', remote('ok', 31 * 60))).toBe(
      'Out of date: the last known balance was above your warning level of £20.00',
    );
    expect(words('-1', remote('unreachable', 60))).toBe(
      'Provider not answering: the last known balance was at or below zero',
    );
    expect(words(null, remote('unreachable', null))).toBe('Provider not answering: no balance read yet');
    expect(accountStandingOf('5000', on, { kind: 'local', state: 'ok', lastAnsweredAt: null }, NOW, 30).source).toBe(
      null,
    );
  });
});
