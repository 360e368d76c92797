// Accounts in the window, against the real service (test/renderer/real-service.ts) and a real
// provider (a second instance of this project's server on port 0, its own clock and zone):
// connecting through onboarding with a clear message for each failure, a connected account's
// dashboard and settings, refreshing, and switching between accounts across a reload.
import '@testing-library/jest-dom/vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../src-renderer/App.tsx';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { PROVIDER_KEY, startProvider, type ProviderInstance } from '../remote/helpers.ts';
import { accountInUse, heldFetch, installBrowserStubs, realService, type RealService } from './real-service.ts';
import { deferred } from '../helpers/deferred.ts';

let service: RealService | undefined;
let provider: ProviderInstance | undefined;

beforeEach(() => {
  installBrowserStubs();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  service?.close();
  await provider?.close();
  service = undefined;
  provider = undefined;
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => {
    server.listen(0, '127.0.0.1', r);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => {
    server.close(() => {
      r();
    });
  });
  return port;
}

async function fillConnect(address: string, key: string): Promise<void> {
  const url = await screen.findByLabelText('Provider address');
  await userEvent.clear(url);
  await userEvent.type(url, address);
  const field = screen.getByLabelText('Your API key');
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(key);
  await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
}

describe('connecting to a provider', () => {
  it('says which way a connection failed, then shows the connected account', async () => {
    const s = (service = realService());
    const p = (provider = await startProvider());
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Connect to your provider' })).toBeInTheDocument();

    await fillConnect(p.base, 'not-the-key-of-anyone-here');
    expect(await screen.findByText(/^The provider refused this key/)).toBeInTheDocument();
    await fillConnect(`http://127.0.0.1:${await closedPort()}`, PROVIDER_KEY);
    expect(await screen.findByText(/^Cannot reach the provider: /)).toBeInTheDocument();
    await fillConnect('http://example.net', PROVIDER_KEY);
    expect(await screen.findByText(/HTTPS is required for example\.net/)).toBeInTheDocument();
    expect(s.app.accounts.list()).toEqual([]);

    await fillConnect(p.base, PROVIDER_KEY);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const direct = await (await fetch(`${p.base}/account/get_balance/?key=${encodeURIComponent(PROVIDER_KEY)}`)).text();
    const balance = /<balance>([^<]+)</.exec(direct)?.[1] ?? 'missing';
    expect(screen.getByTestId('balance-now')).toHaveAttribute('data-pence', balance);
    expect(screen.getByTestId('balance-now')).toHaveTextContent(formatPounds(balance));
    expect(screen.getByText("at Thu 1 May 2031 08:00:00 (your provider's time)")).toBeInTheDocument();
    expect(screen.getByTestId('checked-ago')).toHaveTextContent('checked just now');
    expect(screen.getByText(`Account: 127.0.0.1:${new URL(p.base).port}`)).toBeInTheDocument();
    // The provider keeps the ledger and the settings.
    expect(screen.queryByRole('link', { name: 'Ledger' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Managed by your provider' })).toBeInTheDocument();
    expect(await screen.findByTestId('settings-xml')).toHaveTextContent('<level>2000</level>');
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();

    // Refresh asks the provider now and stores what it said.
    const id = s.app.accounts.list()[0]?.id ?? 0;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => {
      expect(s.app.store.observations.count(id)).toBe(2);
    });
    expect(s.calls.find((c) => c.path === `app/accounts/${id}/refresh`)?.body).toBe('{"force":true}');
  });

  it('asks the provider for "Balance at", and says the provider read the phrase', async () => {
    service = realService();
    const p = (provider = await startProvider());
    render(<App />);
    await fillConnect(p.base, PROVIDER_KEY);
    await userEvent.type(await screen.findByLabelText('Balance at'), '+1 week');
    await waitFor(() => {
      expect(screen.getByTestId('balance-at-result')).toHaveTextContent(
        'your provider read it as Thu 8 May 2031 08:00:00',
      );
    });
  });
});

describe('several accounts', () => {
  it('switches between accounts and keeps the choice across a reload', async () => {
    const s = (service = realService());
    const first = await accountInUse(s, 'First');
    const second = await accountInUse(s, 'Second');
    render(<App />);
    // With several accounts the switcher's choice names the account (once: no "Account: ..." beside it).
    expect(await screen.findByLabelText('Account')).toHaveDisplayValue('First');
    await userEvent.selectOptions(screen.getByLabelText('Account'), String(second.accountId));
    expect(screen.getByLabelText('Account')).toHaveDisplayValue('Second');
    expect(new URLSearchParams(location.search).get('account')).toBe(String(second.accountId));
    await waitFor(() => {
      expect(s.calls.some((c) => c.path === `app/accounts/${second.accountId}/ledger`)).toBe(true);
    });
    cleanup();
    render(<App />);
    expect(await screen.findByLabelText('Account')).toHaveDisplayValue('Second');
    expect(first.accountId).not.toBe(second.accountId);
  });

  it('adds an account from the header and comes back to it', async () => {
    const s = (service = realService());
    await accountInUse(s, 'First');
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    expect(await screen.findByRole('heading', { name: 'Add an account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start with demo data' }));
    await userEvent.click(await screen.findByRole('button', { name: "I've saved it" }));
    expect(await screen.findByLabelText('Account')).toHaveDisplayValue('Demo hosting account');
    expect(screen.queryByText(/^Account: /)).not.toBeInTheDocument();
  });

  it('waits while an account is being added: going back then would lose its new key', async () => {
    const s = (service = realService());
    await accountInUse(s, 'First');
    const real = heldFetch();
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    const answered = deferred();
    real.hold = async (call, respond) => {
      if (call.method === 'POST' && call.path === 'app/account') await answered.promise;
      return respond();
    };
    await userEvent.click(await screen.findByRole('button', { name: 'Create a local account' }));
    expect(await screen.findByRole('button', { name: 'Creating…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back to your accounts' })).toBeDisabled();
    answered.resolve();
    expect(await screen.findByRole('heading', { name: 'Keep your new key' })).toBeInTheDocument();
  });
});
