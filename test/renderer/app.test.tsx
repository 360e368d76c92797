// The whole window against the real service (test/renderer/real-service.ts): onboarding, the
// designed states, the dashboard, settings, the ledger.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../src-renderer/App.tsx';
import type { Status } from '../../src-shared/app-api.ts';
import { formatDate, formatDaysFromNow } from '../../src-renderer/lib/datetime.ts';
import { formatLocal } from '../../src-main/dates/index.ts';
import { forecast } from '../../src-main/domain/forecast.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import {
  accountInUse,
  heldFetch,
  installBrowserStubs,
  NOW,
  realService,
  vaultRef,
  ZONE,
  type RealService,
} from './real-service.ts';
import { deferred } from '../helpers/deferred.ts';

let service: RealService | undefined;

beforeEach(() => {
  installBrowserStubs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  service?.close();
  service = undefined;
});

function start(options: Parameters<typeof realService>[0] = {}): RealService {
  service = realService(options);
  return service;
}

/** A local account in use, with the settings the dashboard and settings tests read. */
async function startWithAccount(): Promise<RealService & { accountId: number; key: string }> {
  const s = start();
  const { accountId, key } = await accountInUse(s);
  s.app.domain.updateSettings(accountId, {
    warningEnabled: true,
    warningLevel: 2000,
    summary: ['monthly'],
    disk: [80],
  });
  s.app.domain.addEntry(accountId, { at: '2026-11-01 09:00:00', amount: '5000', kind: 'topup', note: 'card' });
  render(<App />);
  return Object.assign(s, { accountId, key });
}

/** Until the window's change feed waits for the next change (it reports the account created next). */
async function waitForChangeFeed(s: RealService): Promise<void> {
  await waitFor(() => {
    expect(s.calls.some((c) => c.path === 'app/changes' && c.query.has('since'))).toBe(true);
  });
}

describe('designed states', () => {
  it('service unreachable', async () => {
    const s = start();
    s.unreachable = true;
    render(<App />);
    expect(await screen.findByRole('heading', { name: /The service is not answering/ })).toBeInTheDocument();
    s.unreachable = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Set up Account Monitor' })).toBeInTheDocument();
  });

  it('access token missing: the sign-in form', async () => {
    start().withoutToken = true;
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Sign in to Account Monitor' })).toBeInTheDocument();
    expect(screen.getByLabelText('Access token, or the address the service printed')).toBeInTheDocument();
  });

  it('key revoked: refused, then set up again', async () => {
    const s = start();
    const { key, accountId } = await accountInUse(s);
    s.app.domain.revokeKey(key);
    render(<App />);
    expect(await screen.findByRole('heading', { name: /Your API key was refused/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a different key' }));
    expect(await screen.findByRole('heading', { name: 'Set up Account Monitor' })).toBeInTheDocument();
    expect(s.calls.some((c) => c.method === 'DELETE' && c.path === `app/accounts/${accountId}/key`)).toBe(true);
    expect(await s.app.vault.get(vaultRef(s, accountId))).toBeUndefined();
  });

  it('a key refused while in use switches to the revoked state', async () => {
    const s = await startWithAccount();
    await screen.findByRole('heading', { name: 'Dashboard' });
    s.app.domain.revokeKey(s.key);
    await userEvent.type(screen.getByLabelText('Balance at'), 'x');
    expect(await screen.findByRole('heading', { name: /Your API key was refused/ })).toBeInTheDocument();
  });

  it('empty ledger', async () => {
    await accountInUse(start());
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'The ledger is empty' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('no entry but a recurring charge: the whole export holds it, so Export CSV is offered', async () => {
    const s = start();
    const { accountId } = await accountInUse(s);
    s.app.domain.addRecurring(accountId, { amount: '599', every: 'month', from: '2026-12-01' });
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'The ledger is empty' })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    });
  });
});

describe('onboarding', () => {
  it('says the key is session-only and why, when there is no keychain', async () => {
    start({ vault: 'session' });
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'No keychain available' })).toBeInTheDocument();
    expect(screen.getByText(/kept for this session only/)).toBeInTheDocument();
    expect(screen.getByTestId('vault-reason')).toHaveTextContent('Why: no Secret Service is running');
  });

  it('names the keychain that will hold the key', async () => {
    start({ vault: 'keychain' });
    render(<App />);
    expect(await screen.findByText(/kept in GNOME Keyring \(Secret Service\)/)).toBeInTheDocument();
  });

  it('checks a pasted key, locally and then with the service', async () => {
    const s = start();
    s.app.domain.createAccount('Pasted', 'a-valid-key-0123456789');
    render(<App />);
    const input = await screen.findByLabelText('Key of an account in this app');
    await userEvent.click(screen.getByRole('button', { name: 'Use this key' }));
    expect(screen.getByText('Paste your API key first.')).toBeInTheDocument();
    await userEvent.type(input, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Use this key' }));
    expect(screen.getByText(/16 to 256 characters/)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input);
    await userEvent.type(input, 'an-unknown-key-0123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Use this key' }));
    expect(await screen.findByText(/does not know this key/)).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'a-valid-key-0123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Use this key' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(s.calls.filter((c) => c.path === 'app/key').map((c) => c.body)).toEqual([
      '{"key":"an-unknown-key-0123456789"}',
      '{"key":"a-valid-key-0123456789"}',
    ]);
    expect(screen.getByText('Account: Pasted')).toBeInTheDocument();
  });

  it('demo data leads to the dashboard with the balance, state and forecast', async () => {
    const s = start();
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start with demo data' }));
    await userEvent.click(await screen.findByRole('button', { name: "I've saved it" }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const id = s.app.accounts.list()[0]?.id ?? 0;
    const exact = s.app.domain.balanceText(id, NOW);
    const balance = await screen.findByTestId('balance-now');
    expect(balance).toHaveTextContent(formatPounds(exact));
    expect(balance).toHaveAccessibleDescription(`${exact}p exactly`);
    expect(await screen.findByText('OK: above your warning level of £20.00')).toBeInTheDocument();
    const crossing = forecast(s.app.domain, id, 90).belowWarning ?? Number.NaN;
    expect(
      await screen.findByText(
        `Falls below your warning level on ${formatDate(formatLocal(crossing, ZONE))} (${formatDaysFromNow(crossing, NOW)}).`,
      ),
    ).toBeInTheDocument();
  });

  it('creates a local account with the name left empty', async () => {
    const s = start();
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create a local account' }));
    // The new key is shown this once, to keep; then the dashboard.
    const heading = await screen.findByRole('heading', { name: 'Keep your new key' });
    expect(heading).toHaveFocus();
    const id = s.app.accounts.list()[0]?.id ?? 0;
    expect(screen.getByTestId('new-key').textContent).toBe(await s.app.vault.get(vaultRef(s, id)));
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();
    expect(screen.getByText(/after a restart you will have to paste it again/)).toBeInTheDocument();
    // The system clipboard, as the browser offers it to the page (jsdom has none).
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: (text: string) => {
          copied.push(text);
          return Promise.resolve();
        },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(copied).toEqual([screen.getByTestId('new-key').textContent]);
    expect(await screen.findByText(/^Copied\./)).toBeInTheDocument();
    Reflect.deleteProperty(navigator, 'clipboard');
    // One button on (issue 25: "Continue" beside it did the same).
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: "I've saved it" }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(s.calls.find((c) => c.path === 'app/account')?.body).toBe('{"name":"My hosting account"}');
    expect(screen.getByText('Account: My hosting account')).toBeInTheDocument();
    expect(screen.queryByTestId('new-key')).toBeNull();
  });

  // The status may be read again while an account is created (the change feed reports the new
  // account): whichever answer comes first, the one-time key stays until "I've saved it".
  it('keeps a new key on screen when the status lists the account before the key comes', async () => {
    const s = start();
    const real = heldFetch();
    render(<App />);
    await waitForChangeFeed(s);
    // The creation's answer, with its key, is held until the page has read a status that lists the account.
    const listed = deferred();
    real.hold = async (call, answer) => {
      if (call.method === 'POST' && call.path === 'app/account') {
        const created = await answer();
        await listed.promise;
        return created;
      }
      const response = await answer();
      if (call.path === 'app/status' && ((await response.clone().json()) as Status).accounts.length > 0)
        listed.resolve();
      return response;
    };
    await userEvent.click(await screen.findByRole('button', { name: 'Create a local account' }));
    expect(await screen.findByRole('heading', { name: 'Keep your new key' })).toBeInTheDocument();
    const id = s.app.accounts.list()[0]?.id ?? 0;
    expect(screen.getByTestId('new-key').textContent).toBe(await s.app.vault.get(vaultRef(s, id)));
    await userEvent.click(screen.getByRole('button', { name: "I've saved it" }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('keeps a new key on screen when the status is answered after the key', async () => {
    const s = start();
    const real = heldFetch();
    render(<App />);
    await waitForChangeFeed(s);
    // The status read after the creation is held until the key is on screen; meanwhile the
    // keychain has come up (as after "the keychain is still being checked"), which the page then says.
    const shown = deferred();
    real.hold = async (call, answer) => {
      if (call.path === 'app/status' && s.app.accounts.list().length > 0) {
        await shown.promise;
        vi.spyOn(s.app.vault, 'status').mockReturnValue({ mode: 'keychain', store: 'GNOME Keyring (Secret Service)' });
      }
      return answer();
    };
    await userEvent.click(await screen.findByRole('button', { name: 'Create a local account' }));
    expect(await screen.findByRole('heading', { name: 'Keep your new key' })).toBeInTheDocument();
    shown.resolve();
    expect(await screen.findByText(/This window keeps it in GNOME Keyring/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Keep your new key' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "I've saved it" }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('starts a local account at its opening balance, typed in pounds', async () => {
    const s = start();
    render(<App />);
    await userEvent.type(await screen.findByLabelText('Account name'), 'Shop hosting');
    const opening = screen.getByLabelText('Opening balance (£, optional)');
    await userEvent.type(opening, '45.005');
    await userEvent.click(screen.getByRole('button', { name: 'Create a local account' }));
    expect(opening).toHaveFocus();
    expect(s.app.accounts.list()).toHaveLength(0);
    await userEvent.clear(opening);
    await userEvent.type(opening, '£1,045.50');
    await userEvent.click(screen.getByRole('button', { name: 'Create a local account' }));
    await userEvent.click(await screen.findByRole('button', { name: "I've saved it" }));
    expect(await screen.findByTestId('balance-now')).toHaveTextContent('£1,045.50');
    const id = s.app.accounts.list()[0]?.id ?? 0;
    expect(s.app.domain.listEntries(id, 5, 0).entries).toMatchObject([
      { amount: '104550', kind: 'adjustment', note: 'Opening balance' },
    ]);
  });
});

describe('Balance at', () => {
  it("shows how the phrase was understood and get_balance's answer", async () => {
    const s = await startWithAccount();
    await userEvent.type(await screen.findByLabelText('Balance at'), '+1 week');
    const result = screen.getByTestId('balance-at-result');
    await waitFor(() => {
      expect(result).toHaveTextContent('understood as Sun 29 Nov 2026 10:35:00');
    });
    const exact = s.app.domain.balanceText(s.accountId, NOW + 7 * 86_400);
    expect(within(result).getByTestId('balance-at-value')).toHaveTextContent(formatPounds(exact));
    expect(within(result).getByTestId('balance-at-value')).toHaveAttribute('data-pence', exact);
    // get_balance is asked for the instant the window read (a script sending it gets the same).
    expect(
      s.calls.some(
        (c) => c.path === `app/accounts/${s.accountId}/balance` && c.query.get('datetime') === `@${NOW + 7 * 86_400}`,
      ),
    ).toBe(true);
    expect(s.calls.some((c) => c.path === 'app/resolve' && c.query.get('text') === '+1 week')).toBe(true);
  });

  it('says when a phrase is not understood', async () => {
    await startWithAccount();
    await userEvent.type(await screen.findByLabelText('Balance at'), 'I have 2 cats');
    await waitFor(() => {
      expect(screen.getByTestId('balance-at-result')).toHaveTextContent(
        'not understood, so now (Sun 22 Nov 2026 10:35:00)',
      );
    });
  });

  it('an example fills the box and is answered', async () => {
    await startWithAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Try +1 week' }));
    expect(screen.getByLabelText('Balance at')).toHaveValue('+1 week');
    await waitFor(() => {
      expect(screen.getByTestId('balance-at-result')).toHaveTextContent('understood as Sun 29 Nov 2026 10:35:00');
    });
  });
});

describe('settings', () => {
  it('shows the XML, refuses a bad level, saves a good one', async () => {
    const s = await startWithAccount();
    expect(await screen.findByTestId('settings-xml')).toHaveTextContent('<level>2000</level>');
    const level = await screen.findByLabelText('Warning level (£)');
    expect(level).toHaveValue('20.00');
    await userEvent.clear(level);
    await userEvent.type(level, '12.555');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getAllByText(/at most two decimal places/).length).toBeGreaterThan(0);
    expect(level).toHaveFocus();
    expect(level).toHaveAttribute('aria-invalid', 'true');
    expect(s.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(level);
    await userEvent.type(level, '£43.21');
    expect(screen.getByTestId('warning-level-preview')).toHaveTextContent('Stores 4321 pence (£43.21)');
    await userEvent.click(screen.getByLabelText('Daily summary'));
    await userEvent.click(screen.getByLabelText('Bandwidth 90%'));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => {
      expect(screen.getByTestId('settings-xml')).toHaveTextContent('<level>4321</level>');
    });
    const put = s.calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      warningEnabled: true,
      warningLevel: 4321,
      summary: ['daily', 'monthly'],
      disk: [80],
      bandwidth: [90],
    });
    expect(screen.getByTestId('settings-summary')).toHaveTextContent('daily, monthly');
    expect(s.app.domain.settings(s.accountId)).toEqual({
      warningEnabled: true,
      warningLevel: 4321,
      summary: ['daily', 'monthly'],
      disk: [80],
      bandwidth: [90],
    });
    // Who sends which alert, said plainly.
    const who = screen.getByTestId('who-delivers');
    expect(who).toHaveTextContent('This app sends the low-balance warning and the forecast');
    expect(who).toHaveTextContent('Your hosting provider sends the disk and bandwidth alerts');
  });
});

describe('ledger', () => {
  it('shows older entries page by page', async () => {
    const s = start();
    const { accountId } = await accountInUse(s);
    for (let i = 0; i < 120; i++)
      s.app.domain.addEntry(accountId, {
        at: NOW - (200 - i) * 86_400,
        amount: '2500',
        kind: 'topup',
        note: `card ${i + 1}`,
      });
    render(<App />);
    const table = await screen.findByTestId('ledger-table');
    await waitFor(() => {
      expect(table.querySelectorAll('tbody tr')).toHaveLength(50);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => {
      expect(table.querySelectorAll('tbody tr')).toHaveLength(100);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => {
      expect(table.querySelectorAll('tbody tr')).toHaveLength(120);
    });
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
    // No entry twice, newest first.
    const notes = [...table.querySelectorAll('tbody tr td[data-label="Note"]')].map((td) => td.textContent);
    expect(new Set(notes).size).toBe(120);
    expect(notes[0]).toBe('card 120');
  });

  it('shows the running balance after each entry, as get_balance gives it at that moment', async () => {
    const s = start();
    const { accountId } = await accountInUse(s);
    s.app.domain.addEntry(accountId, { at: NOW - 3 * 86_400, amount: '5000', kind: 'topup', note: 'first' });
    s.app.domain.addEntry(accountId, { at: NOW - 2 * 86_400, amount: '1250.5', kind: 'charge', note: 'hosting' });
    s.app.domain.addEntry(accountId, { at: NOW - 86_400, amount: '-99', kind: 'adjustment', note: 'fix' });
    render(<App />);
    const table = await screen.findByTestId('ledger-table');
    await waitFor(() => {
      expect(table.querySelectorAll('tbody tr')).toHaveLength(3);
    });
    // Each cell: the pounds, then the exact pence for screen readers and on hover.
    const after = [...within(table).getAllByTestId('balance-after')].map((td) => td.textContent);
    expect(after).toEqual([
      `${formatPounds('3650.5')}3650.5p exactly`,
      `${formatPounds('3749.5')}3749.5p exactly`,
      `${formatPounds('5000')}5000p exactly`,
    ]);
    expect(s.app.domain.balanceText(accountId, NOW - 86_400)).toBe('3650.5');
  });

  it('money is typed in pounds and stored as the exact pence the form shows', async () => {
    const s = await startWithAccount();
    const amount = await screen.findByLabelText('Amount (£)');
    await userEvent.type(amount, '25.001');
    expect(screen.getByTestId('entry-amount-preview')).toHaveTextContent('Use at most two decimal places');
    await userEvent.click(screen.getByRole('button', { name: 'Add top-up' }));
    expect(amount).toHaveFocus();
    expect(s.calls.some((c) => c.method === 'POST' && c.path.endsWith('/ledger'))).toBe(false);
    await userEvent.clear(amount);
    await userEvent.type(amount, '£1,250.50');
    expect(screen.getByTestId('entry-amount-preview')).toHaveTextContent('Stores 125050 pence (£1,250.50)');
    await userEvent.click(screen.getByRole('button', { name: 'Add top-up' }));
    await waitFor(() => {
      expect(screen.getByText(/Added: top-up of £1,250\.50/)).toBeInTheDocument();
    });
    expect(s.app.domain.listEntries(s.accountId, 1, 0).entries[0]).toMatchObject({ amount: '125050', kind: 'topup' });

    const charge = screen.getByLabelText('Charge per period (£)');
    await userEvent.type(charge, '9.99');
    await userEvent.click(screen.getByRole('button', { name: 'Add recurring charge' }));
    await waitFor(() => {
      expect(screen.getByText(/Added: £9\.99 every month/)).toBeInTheDocument();
    });
    expect(s.app.domain.listRecurring(s.accountId).map((r) => r.amount)).toEqual(['999']);
  });

  it('an entry of a fraction of a penny is edited without losing it: the amount is kept unless a new one is typed', async () => {
    const s = start();
    const { accountId } = await accountInUse(s);
    s.app.domain.addEntry(accountId, { at: NOW - 86_400, amount: '12.5', kind: 'charge', note: 'sms' });
    render(<App />);
    const table = await screen.findByTestId('ledger-table');
    await userEvent.click(await within(table).findByRole('button', { name: /^Edit charge/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit this entry' });
    expect(within(dialog).getByTestId('edit-amount-preview')).toHaveTextContent('Keeps 12.5 pence');
    await userEvent.clear(within(dialog).getByLabelText('Note'));
    await userEvent.type(within(dialog).getByLabelText('Note'), 'sms bundle');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(s.app.domain.listEntries(accountId, 5, 0).entries[0]).toMatchObject({
        amount: '12.5',
        kind: 'charge',
        note: 'sms bundle',
      });
    });
    await userEvent.click(await within(table).findByRole('button', { name: /^Edit charge/ }));
    const again = await screen.findByRole('dialog', { name: 'Edit this entry' });
    await userEvent.clear(within(again).getByLabelText('Amount (£)'));
    await userEvent.type(within(again).getByLabelText('Amount (£)'), '0.13');
    expect(within(again).getByTestId('edit-amount-preview')).toHaveTextContent('Stores 13 pence');
    await userEvent.click(within(again).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(s.app.domain.listEntries(accountId, 5, 0).entries[0]).toMatchObject({ amount: '13' });
    });
  });

  it('asks before deleting a recurring charge or forgetting the key; Cancel changes nothing', async () => {
    const s = await startWithAccount();
    s.app.domain.addRecurring(s.accountId, { amount: '999', every: 'month', from: '2026-01-01', note: 'Web hosting' });
    // Shown again with the charge in place.
    cleanup();
    render(<App />);
    const row = within(await screen.findByTestId('recurring-table')).getByRole('row', { name: /Web hosting/ });
    await userEvent.click(within(row).getByRole('button', { name: /^Delete recurring charge/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this recurring charge?' });
    expect(dialog).toHaveTextContent('£9.99 a month (Web hosting)');
    expect(dialog).toHaveTextContent('past ones included');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(s.app.domain.listRecurring(s.accountId)).toHaveLength(1);
    expect(s.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(row).getByRole('button', { name: /^Delete recurring charge/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete charge' }));
    await waitFor(() => {
      expect(s.app.domain.listRecurring(s.accountId)).toHaveLength(0);
    });

    await userEvent.click(screen.getByRole('button', { name: 'Forget this key' }));
    const forget = await screen.findByRole('dialog', { name: 'Forget the key of Test account?' });
    expect(forget).toHaveTextContent('make sure you have it written down');
    await userEvent.click(within(forget).getByRole('button', { name: 'Cancel' }));
    expect(await s.app.vault.get(vaultRef(s, s.accountId))).toBe(s.key);
    await userEvent.click(screen.getByRole('button', { name: 'Forget this key' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Forget key' }));
    await waitFor(async () => {
      expect(await s.app.vault.get(vaultRef(s, s.accountId))).toBeUndefined();
    });
  });

  it('a CSV with bad lines is reported line by line and nothing is sent', async () => {
    const s = await startWithAccount();
    const box = await screen.findByLabelText('Or paste the lines here');
    await userEvent.click(box);
    await userEvent.paste(
      'at,amount,kind,note\n2026-01-01,100,topup,ok\n2026-01-02,abc,charge,x\n2026-01-03,100,charge,y\n2026-01-04,5,gift,z',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const report = screen.getByTestId('import-report');
    await waitFor(() => {
      expect(report).toHaveTextContent('Nothing was imported: 2 lines have problems.');
    });
    expect(
      within(report)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      // The service's own words for those lines (one reading of the format, src-shared/ledger-csv.ts).
      expect.stringMatching(/^Line 3: the amount "abc" is not in pounds: /) as unknown,
      expect.stringMatching(/^Line 5: the kind must be one of .*; got "gift"/) as unknown,
    ]);
    expect(s.calls.some((c) => c.path.endsWith('/import'))).toBe(false);
  });

  it("a file over the service's limit is not sent: the report points to the command line", async () => {
    const s = await startWithAccount();
    const file = new File(['at,amount\n2026-01-01,1\n'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: 200 * 1024 * 1024 });
    await userEvent.upload(await screen.findByLabelText('CSV file'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const report = screen.getByTestId('import-report');
    await waitFor(() => {
      expect(report).toHaveTextContent('larger than 128 MiB');
    });
    expect(report).toHaveTextContent('account-monitor ledger import FILE.csv');
    expect(s.calls.some((c) => c.path.endsWith('/import'))).toBe(false);
  });
});

describe('vault reason', () => {
  it('drops the vault\'s own "kept for this session only" ending', async () => {
    const { vaultReason } = await import('../../src-renderer/lib/vault-reason.ts');
    const status = {
      vault: {
        mode: 'session',
        store: 'this session only',
        reason: 'Secret Service is not available (no bus); the key is kept for this session only',
      },
    };
    expect(vaultReason(status as Parameters<typeof vaultReason>[0])).toBe('Secret Service is not available (no bus)');
    expect(
      vaultReason({ ...status, vault: { mode: 'session', store: 'x' } } as Parameters<typeof vaultReason>[0]),
    ).toBeUndefined();
  });
});
