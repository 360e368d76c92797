import { describe, expect, it } from 'vitest';
import {
  accountStatus,
  checkExitCode,
  worstSeverity,
  type AccountStatusInput,
} from '../../src-shared/account-status.ts';

const NOW = 1_800_000_000;
const local = (over: Partial<AccountStatusInput> = {}): AccountStatusInput => ({
  balance: '5000',
  warningEnabled: true,
  warningLevel: 2000,
  checkOutcome: null,
  lastAnsweredAt: null,
  now: NOW,
  staleAfterSeconds: 1800,
  ...over,
});
const remote = (over: Partial<AccountStatusInput> = {}): AccountStatusInput =>
  local({ checkOutcome: 'ok', lastAnsweredAt: NOW - 60, ...over });

describe('accountStatus', () => {
  it('a local account above its level is ok, with no source', () => {
    expect(accountStatus(local())).toMatchObject({ balance: 'ok', source: null, severity: 'ok', noLevel: false });
  });

  it('no warning level: ok above zero (the tray and the window agree), and says there is no level', () => {
    const s = accountStatus(local({ warningLevel: null }));
    expect(s).toMatchObject({ balance: 'ok', severity: 'ok', noLevel: true });
    expect(accountStatus(local({ warningEnabled: false, balance: '1' }))).toMatchObject({
      balance: 'ok',
      noLevel: true,
    });
  });

  it('below the level is low (warning); exactly at it is not', () => {
    expect(accountStatus(local({ balance: '1999.9999999999' }))).toMatchObject({ balance: 'low', severity: 'warning' });
    expect(accountStatus(local({ balance: '2000' }))).toMatchObject({ balance: 'ok', severity: 'ok' });
  });

  it('zero or below is below_zero, critical and urgent, whatever the level', () => {
    for (const balance of ['0', '-0.5', '-12000']) {
      expect(accountStatus(local({ balance, warningLevel: null }))).toMatchObject({
        balance: 'below_zero',
        severity: 'critical',
        urgent: true,
      });
    }
  });

  it('a critical level (check --critical) moves where critical starts: at or below it, low in words', () => {
    expect(accountStatus(local({ balance: '500', criticalLevel: 500 }))).toMatchObject({
      balance: 'low',
      severity: 'critical',
      urgent: false,
    });
    expect(accountStatus(local({ balance: '500.0000000001', criticalLevel: 500 }))).toMatchObject({
      balance: 'low',
      severity: 'warning',
    });
    // No warning level: at or below the critical level still reads low, never ok.
    expect(accountStatus(local({ balance: '300', warningLevel: null, criticalLevel: 500 }))).toMatchObject({
      balance: 'low',
      severity: 'critical',
    });
    // Below zero but above a negative critical level (an overdraft allowed): a warning, still urgent.
    expect(accountStatus(local({ balance: '-500', criticalLevel: -1000 }))).toMatchObject({
      balance: 'below_zero',
      severity: 'warning',
      urgent: true,
    });
    expect(accountStatus(local({ balance: '0', criticalLevel: 0 }))).toMatchObject({ severity: 'critical' });
  });

  it('nothing read yet is unknown', () => {
    expect(accountStatus(local({ balance: null }))).toMatchObject({ balance: 'unknown', severity: 'unknown' });
  });

  it('a connected account: unreachable is unknown, key refused critical, an old answer stale', () => {
    expect(accountStatus(remote({ checkOutcome: 'unreachable' }))).toMatchObject({
      source: 'unreachable',
      severity: 'unknown',
    });
    expect(accountStatus(remote({ checkOutcome: 'key_refused' }))).toMatchObject({
      source: 'key_refused',
      severity: 'critical',
    });
    expect(accountStatus(remote({ lastAnsweredAt: NOW - 1801 }))).toMatchObject({ source: 'stale', severity: 'stale' });
    expect(accountStatus(remote({ lastAnsweredAt: NOW - 1800 }))).toMatchObject({ source: 'ok', severity: 'ok' });
    expect(accountStatus(remote({ lastAnsweredAt: null }))).toMatchObject({ source: 'stale' });
  });

  it('a failing provider never hides a low balance, and never lets an old ok look fine', () => {
    expect(accountStatus(remote({ checkOutcome: 'unreachable', balance: '100' }))).toMatchObject({
      balance: 'low',
      source: 'unreachable',
      severity: 'warning',
    });
    expect(accountStatus(remote({ checkOutcome: 'unreachable' })).severity).not.toBe('ok');
  });

  it('a forecast crossing within the horizon is a warning; beyond it is not', () => {
    const inSix = NOW + 6 * 86_400;
    expect(accountStatus(local({ forecastBelowLevelAt: inSix, horizonDays: 7 }))).toMatchObject({
      forecastLow: true,
      severity: 'warning',
    });
    expect(accountStatus(local({ forecastBelowLevelAt: inSix, horizonDays: 5 }))).toMatchObject({
      forecastLow: false,
      severity: 'ok',
    });
    // Already low: the forecast of a crossing says nothing new.
    expect(accountStatus(local({ balance: '10', forecastBelowLevelAt: inSix }))).toMatchObject({ forecastLow: false });
  });

  it('zero forecast within a day is urgent; within the horizon a warning', () => {
    expect(accountStatus(local({ forecastZeroAt: NOW + 3600 }))).toMatchObject({
      forecastZero: true,
      urgent: true,
      severity: 'warning',
    });
    expect(accountStatus(local({ forecastZeroAt: NOW + 3 * 86_400 }))).toMatchObject({
      forecastZero: true,
      urgent: false,
    });
  });
});

describe('severity', () => {
  it('worst first: critical, warning, unknown, stale, ok', () => {
    expect(worstSeverity([])).toBe('ok');
    expect(worstSeverity(['ok', 'stale'])).toBe('stale');
    expect(worstSeverity(['stale', 'unknown'])).toBe('unknown');
    expect(worstSeverity(['unknown', 'warning', 'ok'])).toBe('warning');
    expect(worstSeverity(['warning', 'critical'])).toBe('critical');
  });

  it('check exit codes follow the monitoring-plugins convention', () => {
    expect([
      checkExitCode('ok'),
      checkExitCode('warning'),
      checkExitCode('critical'),
      checkExitCode('unknown'),
      checkExitCode('stale'),
    ]).toEqual([0, 1, 2, 3, 3]);
  });
});
