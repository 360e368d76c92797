// Connecting to a provider through onboarding, in Debian's Chromium against the real headless
// server. The provider is a second instance of this project's server on port 0 with its own
// clock and zone; the window shows its balance with when it was checked, refreshes it, and
// switches between that account and another across a reload.
import { expect, shot, test, keepNewKey } from './fixtures.ts';
import { cli, newDataDir, removeDataDir, startServer, type RunningServer } from './server.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';

const KEY = 'provider-side-key+/=-0123';
const PROVIDER_ENV = { ACCOUNT_MONITOR_NOW: '2031-05-01T08:00:00', ACCOUNT_MONITOR_TZ: 'America/New_York' };

let provider: RunningServer | undefined;
test.afterEach(async () => {
  await provider?.stop();
  if (provider) removeDataDir(provider.dataDir);
  provider = undefined;
});

/** The provider's own balance now, as a script asks for it. */
async function providerBalance(base: string): Promise<string> {
  const xml = await (await fetch(new URL(`account/get_balance/?key=${encodeURIComponent(KEY)}`, base))).text();
  return /<balance>([^<]+)<\/balance>/.exec(xml)?.[1] ?? 'missing';
}

test('connect through onboarding, see the balance with when it was checked, refresh, switch accounts', async ({
  page,
  server,
}) => {
  const dir = newDataDir();
  cli(dir, ['account', 'create', 'At the provider', '--key', KEY], PROVIDER_ENV);
  cli(dir, ['ledger', 'add', '--key', KEY, '--at', '2031-04-01', '--amount', '12345.6789'], PROVIDER_ENV);
  provider = await startServer(dir, { env: PROVIDER_ENV });

  await page.goto(server.ui);
  await expect(page.getByRole('heading', { name: 'Connect to your provider' })).toBeVisible();
  await page.getByLabel('Provider address').fill(provider.base);
  await page.getByLabel('Your API key').fill('a-key-nobody-issued-000');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText(/The provider refused this key/)).toBeVisible();
  await page.getByLabel('Your API key').fill(KEY);
  await page.getByLabel('Name for this account (optional)').fill('My provider');
  await page.getByRole('button', { name: 'Connect' }).click();

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Account: My provider')).toBeVisible();
  const first = await providerBalance(provider.base);
  await expect(page.getByTestId('balance-now')).toHaveAttribute('data-pence', first);
  await expect(page.getByTestId('balance-now')).toContainText(formatPounds(first));
  await expect(page.getByText("at Thu 1 May 2031 08:00:00 (your provider's time)")).toBeVisible();
  await expect(page.getByTestId('checked-ago')).toContainText('checked just now');
  await expect(page.getByRole('heading', { name: 'Managed by your provider' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ledger' })).toHaveCount(0);
  // The window's day/month setting is not offered here: the provider reads its own phrases.
  const dateOrder = page.getByRole('group', { name: '01/07/2026 means' });
  await expect(dateOrder).toHaveCount(0);
  await shot(page.locator('#dashboard'), 'dashboard-provider');

  // The provider's balance changes; Refresh shows the new one.
  cli(dir, ['ledger', 'add', '--key', KEY, '--at', '2031-04-02', '--amount', '1000'], PROVIDER_ENV);
  const second = await providerBalance(provider.base);
  expect(second).not.toBe(first);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('balance-now')).toHaveAttribute('data-pence', second);

  // A second account, then back: the switcher, and the choice kept across a reload.
  await page.getByRole('button', { name: 'Add account' }).click();
  await page.getByRole('button', { name: 'Start with demo data' }).click();
  await keepNewKey(page);
  // With several accounts the switcher's choice names the account (once in the header).
  const switcher = page.getByLabel('Account', { exact: true });
  await expect(switcher.locator('option:checked')).toHaveText('Demo hosting account');
  await expect(dateOrder).toBeVisible();
  await switcher.selectOption({ label: 'My provider (provider)' });
  await expect(switcher.locator('option:checked')).toHaveText('My provider (provider)');
  await expect(page.getByTestId('balance-now')).toHaveAttribute('data-pence', second);
  await expect(dateOrder).toHaveCount(0);
  await page.reload();
  await expect(switcher.locator('option:checked')).toHaveText('My provider (provider)');
  await expect(page.getByTestId('balance-now')).toHaveAttribute('data-pence', second);
});
