// The tray, the notifications and the window show the same amount as the same text: one
// formatter (src-shared/money/pounds.ts), pinned here for fractional and negative pence.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Money } from '../../src-renderer/components/Money.tsx';
import { statusOf } from '../../src-main/monitor/episodes.ts';
import { episodeAlert, trayTooltipAll } from '../../src-main/monitor/presentation.ts';
import type { AccountReading } from '../../src-main/monitor/types.ts';

function reading(balance: string): AccountReading {
  return {
    balance,
    readAt: 0,
    warningEnabled: false,
    warningLevel: 1000,
    summary: [],
    checkOutcome: null,
    lastAnsweredAt: null,
    staleAfterSeconds: 1800,
    forecastBelowLevelAt: null,
    forecastZeroAt: null,
    forecastAt: 0,
    horizonDays: 7,
    problem: null,
  };
}

afterEach(() => {
  cleanup();
});

const AMOUNTS: [string, string][] = [
  ['4982.5', '£49.82'],
  ['-4982.5', '-£49.83'],
  ['4983.8709677419', '£49.83'],
  ['-12.5', '-£0.13'],
  ['0.0000000001', '£0.00'],
  ['-0.0000000001', '-£0.01'],
  ['999.9999999999', '£9.99'],
];

describe('one pounds text for the tray, the notifications and the window', () => {
  it.each(AMOUNTS)('%s pence', (pence, pounds) => {
    render(<Money pence={pence} testId="m" />);
    const window = screen.getByTestId('m').firstChild?.textContent;
    const tray = /Balance (\S+)/.exec(
      trayTooltipAll(
        {
          severity: 'ok',
          state: 'ok',
          now: 0,
          accounts: [{ id: 1, name: 'A', reading: reading(pence), status: statusOf(reading(pence), 0) }],
        },
        'UTC',
      ),
    )?.[1];
    const notification = /Your balance is (\S+), below/.exec(episodeAlert('low', reading(pence), 0, 'UTC').body)?.[1];
    expect({ window, tray, notification }).toEqual({ window: pounds, tray: pounds, notification: pounds });
  });
});
