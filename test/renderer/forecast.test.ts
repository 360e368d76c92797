// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ForecastAnswer } from '../../src-shared/app-api.ts';
import { forecastWords } from '../../src-renderer/features/dashboard/forecast-words.ts';
import { standingOf } from '../../src-renderer/features/dashboard/standing.ts';

const NOW = 1_795_343_700; // 2026-11-22 10:35:00 London
const at = (days: number, datetime: string) => ({ datetime, epochSeconds: NOW + days * 86_400 });
const base: ForecastAnswer = { horizonDays: 90, belowWarning: null, zero: null, balanceNow: '5000' };
const ctx = { warningLevel: 2000, warningEnabled: true, nowEpochSeconds: NOW };

describe('forecastWords', () => {
  it('no run-out in the horizon', () => {
    expect(forecastWords(base, ctx)).toEqual([{ text: 'No run-out in the next 90 days.', severity: 'ok' }]);
    expect(forecastWords({ ...base, horizonDays: 30 }, ctx)[0]?.text).toBe('No run-out in the next 30 days.');
  });
  it('falls below the warning level, then reaches zero', () => {
    const f = { ...base, belowWarning: at(6, '2026-11-28 10:35:00'), zero: at(40, '2027-01-01 00:00:00') };
    expect(forecastWords(f, ctx).map((l) => l.text)).toEqual([
      'Falls below your warning level on Sat 28 Nov 2026 (in 6 days).',
      'Reaches zero on Fri 1 Jan 2027 (in 40 days).',
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
