// The runway in the tray's tooltip (src-main/monitor/presentation.ts): in the shared words
// (src-shared/runway.ts), counted from where the forecast started (a provider's now when its clock
// differs), and left out when the reading is not current.
import { describe, expect, it } from 'vitest';
import { accountStatus } from '../../src-shared/account-status.ts';
import { accountLine, trayTooltipAll } from '../../src-main/monitor/presentation.ts';
import type { AccountReading, WatchedStatus } from '../../src-main/monitor/types.ts';

const NOW = 1_795_343_700; // 2026-11-22 10:35:00 UTC, 10:35 in London
const ZONE = 'Europe/London';
const DAY = 86_400;

function watched(over: Partial<AccountReading>, name = 'Hosting'): WatchedStatus {
  const reading: AccountReading = {
    balance: '5000',
    readAt: NOW,
    warningEnabled: true,
    warningLevel: 2000,
    summary: [],
    checkOutcome: null,
    lastAnsweredAt: null,
    staleAfterSeconds: 1800,
    forecastBelowLevelAt: null,
    forecastZeroAt: NOW + 41 * DAY + 3600,
    forecastAt: NOW,
    horizonDays: 30,
    problem: null,
    ...over,
  };
  return { id: 1, name, reading, status: accountStatus({ ...reading, now: NOW }) };
}

const view = (accounts: WatchedStatus[]) => ({ severity: 'ok' as const, state: 'ok' as const, now: NOW, accounts });

describe('the runway in the tray tooltip', () => {
  it('one account: beside the balance', () => {
    expect(trayTooltipAll(view([watched({})]), ZONE)).toBe(
      'Account Monitor\nBalance £50.00 (runs out in about 41 days)\nwarning below £20.00',
    );
    expect(trayTooltipAll(view([watched({ forecastZeroAt: null })]), ZONE)).toBe(
      'Account Monitor\nBalance £50.00 (does not run out within 30 days)\nwarning below £20.00',
    );
  });
  it('low: with the state words', () => {
    const low = watched({ balance: '1500', forecastZeroAt: NOW + 2 * DAY });
    expect(trayTooltipAll({ ...view([low]), severity: 'warning', state: 'low' }, ZONE)).toBe(
      'Account Monitor: LOW BALANCE\nBalance £15.00 (low, runs out soon, runs out in about 2 days)\nwarning below £20.00',
    );
  });
  it("counts from the forecast's start (a provider's now), not this machine's", () => {
    const ahead = 4 * 365 * DAY;
    const remote = watched({
      checkOutcome: 'ok',
      lastAnsweredAt: NOW,
      forecastFrom: NOW + ahead,
      forecastZeroAt: NOW + ahead + 12 * DAY,
    });
    expect(trayTooltipAll(view([remote]), ZONE)).toContain('Balance £50.00 (runs out in about 12 days)');
  });
  it('several accounts: one line each; none for a provider that is not answering, nor before a forecast', () => {
    const down = watched({ checkOutcome: 'unreachable', lastAnsweredAt: NOW - 600 }, 'Down');
    const none = watched({ forecastAt: null }, 'New');
    expect(trayTooltipAll({ ...view([watched({}), down, none]), state: 'unknown', severity: 'unknown' }, ZONE)).toBe(
      [
        'Account Monitor: an account needs attention',
        'Hosting: £50.00 ok, runs out in about 41 days (read at 10:35)',
        'Down: £50.00 provider unreachable (read at 10:35)',
        'New: £50.00 ok (read at 10:35)',
      ].join('\n'),
    );
  });
  it("the CLI's line stays without it and says the reading's age (status bars read it; the tray says clock times)", () => {
    expect(accountLine(watched({}), NOW)).toBe('Hosting: £50.00 ok (read 0 s ago)');
  });
});
