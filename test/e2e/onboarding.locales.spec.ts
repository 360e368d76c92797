// First run in a browser: demo data, a local account by keyboard alone, a wrong key.
import { expect, shot, test, keepNewKey } from './fixtures.ts';

test('onboarding with demo data leads to the dashboard', async ({ page, server }) => {
  await page.goto(server.ui);
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  // No keychain in the test environment: the page says the key is session-only, and why.
  await expect(page.getByRole('heading', { name: 'No keychain available' })).toBeVisible();
  await expect(page.getByText(/kept for this session only/)).toBeVisible();
  await shot(page, 'onboarding');

  await page.getByRole('button', { name: 'Start with demo data' }).click();
  await keepNewKey(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('balance-now')).toHaveText(/^-?£[\d,]+\.\d\d/);
  await expect(page.locator('[data-state]')).toHaveText(/(OK|Low|Unknown): /);
  await expect(page.locator('.forecast li').first()).toHaveText(
    /(Falls below your warning level on|Reaches zero on|No run-out in the next 90 days|already below|run out)/,
  );
  // The demo's ledger and recurring charges are there.
  await expect(page.getByTestId('ledger-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('recurring-table').locator('tbody tr')).toHaveCount(2);
});

test('onboarding done with the keyboard alone', async ({ page, server }) => {
  await page.goto(server.ui);
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  // Focus order follows the page: skip link, then each option's fields and button, connecting first.
  const order: string[] = [];
  for (let i = 0; i < 11; i++) {
    await page.keyboard.press('Tab');
    order.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (!(el instanceof HTMLElement)) return '';
        const label = el.id === '' ? null : document.querySelector(`label[for="${el.id}"]`);
        return (label?.textContent ?? el.textContent).trim();
      }),
    );
  }
  expect(order).toEqual([
    'Skip to content',
    'Provider address',
    'Your API key',
    'Name for this account (optional)',
    'Connect',
    'Account name',
    'Opening balance (£, optional)',
    'Create a local account',
    'Start with demo data',
    'Key of an account in this app',
    'Use this key',
  ]);

  // Back to the account name field, type, Tab past the opening balance to the button, Enter.
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+Tab');
  await expect(page.getByLabel('Account name')).toBeFocused();
  await page.keyboard.type('Keyboard hosting');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Create a local account' })).toBeFocused();
  await page.keyboard.press('Enter');
  // The new key, shown once: the focus is on its heading; Tab to Copy, then to the one way on.
  await expect(page.getByRole('heading', { name: 'Keep your new key' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Copy key' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: "I've saved it" })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Account: Keyboard hosting')).toBeVisible();
  // A new account: the designed empty ledger, and a balance of zero.
  await expect(page.getByRole('heading', { name: 'The ledger is empty' })).toBeVisible();
  await expect(page.getByTestId('balance-now')).toHaveText(/^£0\.00/);
  // Focus landed on the page, not back at the top bar: the next Tab goes into the content.
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement?.closest('main') !== null);
  expect(focused).toBe(true);
  await shot(page.locator('#ledger'), 'ledger-empty');
});

test('a wrong key is refused with a clear message', async ({ page, server }) => {
  await page.goto(server.ui);
  await page.getByLabel('Key of an account in this app').fill('not-a-real-key-1234567890');
  await page.getByRole('button', { name: 'Use this key' }).click();
  await expect(page.getByText(/does not know this key/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
});
