import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../src-renderer/App.tsx';
import { fakeService, installBrowserStubs } from './fake-service.ts';

beforeEach(() => { installBrowserStubs(); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function start(options: Parameters<typeof fakeService>[0] = {}) {
  const fake = fakeService(options);
  vi.stubGlobal('fetch', fake.fetchMock);
  render(<App />);
  return fake;
}

describe('designed states', () => {
  it('service unreachable', async () => {
    const fake = fakeService();
    fake.state.unreachable = true;
    vi.stubGlobal('fetch', fake.fetchMock);
    render(<App />);
    expect(await screen.findByRole('heading', { name: /The service is not answering/ })).toBeInTheDocument();
    fake.state.unreachable = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('launch token missing', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: { code: 'token_required', message: 'open the address' } }), { status: 401 }))));
    render(<App />);
    expect(await screen.findByRole('heading', { name: /needs its launch link/ })).toBeInTheDocument();
  });

  it('key revoked: refused, then set up again', async () => {
    const fake = start({ key: 'invalid' });
    expect(await screen.findByRole('heading', { name: /Your API key was refused/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a different key' }));
    expect(await screen.findByRole('heading', { name: 'Set up Account Monitor' })).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === 'app/key')).toBe(true);
  });

  it('a key refused while in use switches to the revoked state', async () => {
    const fake = start({ key: 'session' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    const inner = fake.fetchMock.getMockImplementation();
    fake.fetchMock.mockImplementation((input, init) => ((input instanceof Request ? input.url : input.toString()).includes('get_balance')
      ? Promise.resolve(new Response('<?xml version="1.0" encoding="UTF-8"?>\n<error><code>invalid_key</code><message>no</message></error>', { status: 403 }))
      : inner ? inner(input, init) : Promise.reject(new Error('no mock'))));
    await userEvent.type(screen.getByLabelText('Balance at'), 'x');
    expect(await screen.findByRole('heading', { name: /Your API key was refused/ })).toBeInTheDocument();
  });

  it('empty ledger', async () => {
    start({ key: 'session', entries: 0 });
    expect(await screen.findByRole('heading', { name: 'The ledger is empty' })).toBeInTheDocument();
  });
});

describe('onboarding', () => {
  it('says the key is session-only and why, when there is no keychain', async () => {
    start({ key: 'none', vault: 'session' });
    expect(await screen.findByRole('heading', { name: 'No keychain available' })).toBeInTheDocument();
    expect(screen.getByText(/kept for this session only/)).toBeInTheDocument();
    expect(screen.getByTestId('vault-reason')).toHaveTextContent('Why: no Secret Service is running');
  });

  it('names the keychain that will hold the key', async () => {
    start({ key: 'none', vault: 'keychain' });
    expect(await screen.findByText(/kept in GNOME Keyring \(Secret Service\)/)).toBeInTheDocument();
  });

  it('checks a pasted key, locally and then with the service', async () => {
    const fake = start({ key: 'none' });
    const input = await screen.findByLabelText('API key');
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
    expect(fake.calls.filter((c) => c.path === 'app/key').map((c) => c.body)).toEqual(['{"key":"an-unknown-key-0123456789"}', '{"key":"a-valid-key-0123456789"}']);
  });

  it('demo data leads to the dashboard with the balance, state and forecast', async () => {
    start({ key: 'none' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start with demo data' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const balance = await screen.findByTestId('balance-now');
    expect(balance).toHaveTextContent('£49.84');
    expect(balance).toHaveAccessibleDescription('4983.8709677419p exactly');
    expect(await screen.findByText('OK: above your warning level of £20.00')).toBeInTheDocument();
    expect(await screen.findByText('Falls below your warning level on Sat 28 Nov 2026 (in 6 days).')).toBeInTheDocument();
  });
});

describe('Balance at', () => {
  it('shows how the phrase was understood and get_balance\'s answer', async () => {
    const fake = start();
    await userEvent.type(await screen.findByLabelText('Balance at'), '+1 week');
    const result = screen.getByTestId('balance-at-result');
    await waitFor(() => { expect(result).toHaveTextContent('understood as Sun 29 Nov 2026 10:35:00'); });
    expect(within(result).getByTestId('balance-at-value')).toHaveTextContent('£38.71');
    expect(within(result).getByTestId('balance-at-value')).toHaveAttribute('data-pence', '3870.9677419355');
    expect(fake.calls.some((c) => c.path === 'app/xml/get_balance' && c.query.get('datetime') === '+1 week')).toBe(true);
  });

  it('says when a phrase is not understood', async () => {
    start();
    await userEvent.type(await screen.findByLabelText('Balance at'), 'I have 2 cats');
    await waitFor(() => { expect(screen.getByTestId('balance-at-result')).toHaveTextContent('not understood, so now (Sun 22 Nov 2026 10:35:00)'); });
  });
});

describe('settings', () => {
  it('shows the XML, refuses a bad level, saves a good one', async () => {
    const fake = start();
    expect(await screen.findByTestId('settings-xml')).toHaveTextContent('<level>2000</level>');
    const level = await screen.findByLabelText('Warning level (pence)');
    await userEvent.clear(level);
    await userEvent.type(level, '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText(/whole number of pence/)).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(level);
    await userEvent.type(level, '4321');
    await userEvent.click(screen.getByLabelText('Daily summary'));
    await userEvent.click(screen.getByLabelText('Bandwidth 90%'));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => { expect(screen.getByTestId('settings-xml')).toHaveTextContent('<level>4321</level>'); });
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ warningEnabled: true, warningLevel: 4321, summary: ['daily', 'monthly'], disk: [80], bandwidth: [90] });
    expect(screen.getByTestId('settings-summary')).toHaveTextContent('daily, monthly');
  });
});

describe('Balance at examples', () => {
  it('an example fills the box and is answered', async () => {
    start();
    await userEvent.click(await screen.findByRole('button', { name: 'Try +1 week' }));
    expect(screen.getByLabelText('Balance at')).toHaveValue('+1 week');
    await waitFor(() => { expect(screen.getByTestId('balance-at-result')).toHaveTextContent('understood as Sun 29 Nov 2026 10:35:00'); });
  });
});

describe('ledger paging', () => {
  for (const paging of ['before', 'offset'] as const) {
    it(`shows older entries page by page (${paging} cursor)`, async () => {
      start({ entries: 120, paging });
      const table = await screen.findByTestId('ledger-table');
      await waitFor(() => { expect(table.querySelectorAll('tbody tr')).toHaveLength(50); });
      await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
      await waitFor(() => { expect(table.querySelectorAll('tbody tr')).toHaveLength(100); });
      await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
      await waitFor(() => { expect(table.querySelectorAll('tbody tr')).toHaveLength(120); });
      expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
      // No entry twice.
      const notes = [...table.querySelectorAll('tbody tr td:nth-child(4)')].map((td) => td.textContent);
      expect(new Set(notes).size).toBe(120);
    });
  }
});

describe('vault reason', () => {
  it('drops the vault\'s own "kept for this session only" ending', async () => {
    const { vaultReason } = await import('../../src-renderer/panels/VaultNote.tsx');
    const status = { vault: { mode: 'session', store: 'this session only', reason: 'Secret Service is not available (no bus); the key is kept for this session only' } };
    expect(vaultReason(status as Parameters<typeof vaultReason>[0])).toBe('Secret Service is not available (no bus)');
    expect(vaultReason({ ...status, vault: { mode: 'session', store: 'x' } } as Parameters<typeof vaultReason>[0])).toBeUndefined();
  });
});

describe('CSV import report', () => {
  it('lists every bad line and sends nothing', async () => {
    const fake = start({ key: 'session' });
    const box = await screen.findByLabelText('Or paste the lines here');
    await userEvent.click(box);
    await userEvent.paste('at,amount,kind,note\n2026-01-01,100,topup,ok\n2026-01-02,abc,charge,x\n2026-01-03,100,charge,y\n2026-01-04,5,gift,z');
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const report = screen.getByTestId('import-report');
    await waitFor(() => { expect(report).toHaveTextContent('Nothing was imported: 2 lines have problems.'); });
    expect(within(report).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Line 3: amount "abc"/) as unknown,
      expect.stringMatching(/^Line 5: unknown kind "gift"/) as unknown,
    ]);
    expect(fake.calls.some((c) => c.path === 'app/import')).toBe(false);
  });
});

describe('create a local account', () => {
  it('works with the name left empty', async () => {
    const fake = start({ key: 'none' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create a local account' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === 'app/account')?.body).toBe('{"name":"My hosting account"}');
  });
});
