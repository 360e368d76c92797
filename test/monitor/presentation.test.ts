import { describe, expect, it } from 'vitest';
import { notificationText, trayTooltip } from '../../src-main/monitor/presentation.ts';
import type { MonitorReading } from '../../src-main/monitor/types.ts';

const reading: MonitorReading = {
  balance: '4983.8709677419',
  warningEnabled: true,
  warningLevel: 1000,
  summary: [],
  forecastBelowLevelAt: null,
};

describe('tray tooltip', () => {
  it('shows the state, the balance and the level', () => {
    expect(trayTooltip({ state: 'ok', reading, readAt: 0, problem: undefined })).toBe(
      'Account Monitor\nBalance £49.83\nwarning below £10.00',
    );
    expect(trayTooltip({ state: 'low', reading: { ...reading, balance: '950' }, readAt: 0, problem: undefined })).toBe(
      'Account Monitor: LOW BALANCE\nBalance £9.50\nwarning below £10.00',
    );
    expect(
      trayTooltip({ state: 'ok', reading: { ...reading, warningEnabled: false }, readAt: 0, problem: undefined }),
    ).toContain('warning below £10.00 (off)');
    expect(
      trayTooltip({ state: 'ok', reading: { ...reading, warningLevel: null }, readAt: 0, problem: undefined }),
    ).toContain('no warning level');
  });
  it('says why the balance is unknown and what was last known', () => {
    expect(trayTooltip({ state: 'unknown', reading: undefined, readAt: undefined, problem: 'not read yet' })).toBe(
      'Account Monitor: balance unknown (not read yet)\nno balance read yet\nno warning level',
    );
    expect(trayTooltip({ state: 'unknown', reading, readAt: 0, problem: 'no fresh reading for 4 min' })).toBe(
      'Account Monitor: balance unknown (no fresh reading for 4 min)\nlast known balance £49.83\nwarning below £10.00',
    );
  });
});

describe('notification text', () => {
  it('words each kind of notification, with dates in the configured zone', () => {
    expect(notificationText({ kind: 'low', balance: '950.5', level: 1000 }, 'UTC')).toEqual({
      title: 'Balance is low',
      body: 'Your balance is £9.50, below your warning level of £10.00.',
    });
    expect(
      notificationText(
        { kind: 'forecast', balance: '1200', level: 1000, crossesAt: Date.parse('2026-12-01T14:00:00Z') / 1000 },
        'Europe/London',
      ).body,
    ).toBe('At the current rate your balance falls below £10.00 on Tue 1 Dec, 14:00. It is £12.00 now.');
    const day = {
      kind: 'summary' as const,
      period: 'daily' as const,
      from: Date.parse('2026-11-21T00:00:00Z') / 1000,
      to: Date.parse('2026-11-22T00:00:00Z') / 1000,
      spent: '33.3333333333',
      balance: '4000',
    };
    expect(notificationText(day, 'UTC')).toEqual({
      title: 'Daily usage summary',
      body: 'Spent £0.33 (21 Nov 2026). Balance now £40.00.',
    });
    expect(notificationText({ ...day, period: 'weekly', from: day.from - 6 * 86_400 }, 'UTC').body).toBe(
      'Spent £0.33 (15 Nov 2026 to 21 Nov 2026). Balance now £40.00.',
    );
  });
});
