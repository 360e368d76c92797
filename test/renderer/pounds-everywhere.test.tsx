// The tray, the notifications and the window show the same amount as the same text: one
// formatter (src-shared/money/pounds.ts), pinned here for fractional and negative pence.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Money } from '../../src-renderer/components/Money.tsx';
import { notificationText, trayTooltip } from '../../src-main/monitor/presentation.ts';

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
      trayTooltip({
        state: 'ok',
        reading: { balance: pence, warningEnabled: false, warningLevel: null, summary: [], forecastBelowLevelAt: null },
        readAt: 0,
        problem: undefined,
      }),
    )?.[1];
    const notification = /Your balance is (\S+), below/.exec(
      notificationText({ kind: 'low', balance: pence, level: 1000 }, 'UTC').body,
    )?.[1];
    expect({ window, tray, notification }).toEqual({ window: pounds, tray: pounds, notification: pounds });
  });
});
