// A connected account's dashboard against the real service (test/renderer/real-service.ts) and a
// real provider (this project's own server on port 0, in 2031 New York: its clock years ahead of
// this machine's 2026 London): the runway beside the balance, the forecast counted from the
// provider's now, the clock note, the top-up planner and "Balance at" when the provider answered
// for its own now. The truths come from the provider's own ledger.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../src-renderer/App.tsx';
import { formatDate } from '../../src-renderer/lib/datetime.ts';
import { formatLocal, parseLocalWallTime } from '../../src-main/dates/index.ts';
import { LocalAccount } from '../../src-main/domain/account-source.ts';
import { forecast } from '../../src-main/domain/forecast.ts';
import { planTopUp } from '../../src-main/domain/planner.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { runwayDays, runwayWords } from '../../src-shared/runway.ts';
import { wallDate } from '../../src-shared/wall-dates.ts';
import { PROVIDER_KEY, PROVIDER_NOW, PROVIDER_ZONE, startProvider, type ProviderInstance } from '../remote/helpers.ts';
import { installBrowserStubs, realService, ZONE, type RealService } from './real-service.ts';

let service: RealService | undefined;
let provider: ProviderInstance | undefined;

beforeEach(() => {
  installBrowserStubs();
  localStorage.clear();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  service?.close();
  await provider?.close();
  service = undefined;
  provider = undefined;
});

const providerNow = (parseLocalWallTime(PROVIDER_NOW, PROVIDER_ZONE) ?? Number.NaN) / 1000;

/** The window's service connected to the provider, the key held, as after "Connect". */
async function connected(): Promise<{ s: RealService; p: ProviderInstance; id: number }> {
  const s = (service = realService());
  const p = (provider = await startProvider());
  // 81p a day in all: the balance (about £82) runs out within the year, below £20 first.
  p.app.domain.addRecurring(p.accountId, { amount: '50', every: 'day', from: '2031-04-20' });
  const { accountId } = await s.app.accounts.connect({ baseUrl: p.base, key: PROVIDER_KEY, name: 'Hosting' });
  const ref = s.app.accounts.overview(accountId)?.vaultRef ?? '';
  await s.app.vault.set(ref, PROVIDER_KEY);
  s.app.accounts.keepKey(accountId, true);
  render(<App />);
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  return { s, p, id: accountId };
}

describe("a connected account's outlook", () => {
  it("shows the runway, the forecast from the provider's now and the clock note", async () => {
    const { p } = await connected();
    // The provider's own ledger gives the truth: its zero crossing, counted from its now.
    const own = forecast(p.app.domain, p.accountId, 180);
    expect(own.zero).not.toBeNull();
    const balance = p.app.domain.balanceText(p.accountId, providerNow);
    await userEvent.selectOptions(screen.getByLabelText('Look ahead'), '180');
    await waitFor(
      () => {
        expect(screen.getByTestId('runway')).toHaveTextContent(
          `Runway: ${runwayWords(runwayDays(balance, own.zero, providerNow), 180)}`,
        );
      },
      {
        timeout: 20_000,
        onTimeout: (e) =>
          new Error(
            `${e.message.slice(0, 300)} ${screen.getByText(/Forecast for/).parentElement?.parentElement?.textContent ?? ''}`,
          ),
      },
    );
    const crossing = own.belowWarning ?? Number.NaN;
    expect(screen.getByTestId('forecast')).toHaveTextContent(
      `Falls below your warning level on ${formatDate(formatLocal(crossing, ZONE))} (in ${Math.floor((crossing - providerNow) / 86_400)} days).`,
    );
    expect(screen.getByTestId('clock-note')).toHaveTextContent(
      "Your provider's clock is 4 years ahead of this computer's (its time now: Thu 1 May 2031 08:00:00).",
    );
  });

  it("plans a top-up as the provider's own ledger would, and says what is wrong by the field", async () => {
    const { p } = await connected();
    const keep = await screen.findByLabelText('Keep above (£)');
    await waitFor(() => {
      expect(keep).toHaveValue('£20.00');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Plan' }));
    expect(await screen.findByText(/^Enter the date to plan up to/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Until'), 'not a date at all');
    await userEvent.click(screen.getByRole('button', { name: 'Plan' }));
    expect(await screen.findByText(/^The end of the plan: "not a date at all" is not a date/)).toBeInTheDocument();
    expect(screen.getByLabelText('Until')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(screen.getByLabelText('Until'));
    await userEvent.type(screen.getByLabelText('Until'), '31 December 2031');
    await userEvent.clear(keep);
    await userEvent.type(keep, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Plan' }));
    await waitFor(() => {
      expect(keep).toHaveAttribute('aria-invalid', 'true');
    });
    expect(keep).toHaveAccessibleDescription(/That is not an amount in pounds/);
    expect(keep).toHaveFocus();

    await userEvent.clear(keep);
    await userEvent.type(keep, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Plan' }));
    const until = (parseLocalWallTime('2031-12-31T00:00:00', ZONE) ?? Number.NaN) / 1000;
    const truth = await planTopUp(new LocalAccount(p.app.domain, p.accountId), until, 2500, providerNow);
    const by = truth.by ?? Number.NaN;
    await waitFor(() => {
      expect(screen.getByTestId('plan-answer')).toHaveTextContent(
        `To stay above £25.00 until 31 Dec 2031, top up ${formatPounds(truth.topUp)} by ${wallDate(formatLocal(by, ZONE), { weekday: true })}.`,
      );
    });
  });

  it('"Balance at" gives no tick when the provider answered for its current time to a phrase that is not "now"', async () => {
    await connected();
    const box = await screen.findByLabelText('Balance at');
    await userEvent.type(box, 'the twelfth of never');
    await waitFor(() => {
      expect(screen.getByTestId('balance-at-understood')).toHaveTextContent(
        '? Your provider answered for its current time (Thu 1 May 2031 08:00:00): it may not have understood this',
      );
    });
    expect(screen.getByTestId('balance-at-understood')).toHaveClass('not-understood');
    await userEvent.clear(box);
    await userEvent.type(box, 'now');
    await waitFor(() => {
      expect(screen.getByTestId('balance-at-understood')).toHaveTextContent(
        '✓ your provider read it as Thu 1 May 2031 08:00:00',
      );
    });
  });

  it("with the provider down: the pill says so, the age is the last answer's, the runway waits, the chart says why it is short", async () => {
    const { p } = await connected();
    expect(await screen.findByText('OK: above your warning level of £20.00')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('runway')).toHaveTextContent(/^Runway: (runs out|does not run out) /);
    });
    await p.close();
    provider = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await screen.findByText('Provider not answering: the last known balance was above your warning level of £20.00'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^OK:/)).toBeNull();
    expect(screen.getByTestId('checked-ago')).toHaveTextContent('your provider last answered just now');
    // The old forecast is not told as a fact (the tray leaves it out by the same rule).
    expect(screen.getByTestId('runway')).toHaveTextContent(/^Runway: waiting for your provider to answer$/);
    expect(await screen.findByTestId('chart-short')).toHaveTextContent(/^Your provider is not answering/);
  });
});
