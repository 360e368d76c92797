// Money as a user types it, in both locales: every field in pounds, the exact pence shown before
// saving, more than two decimals refused next to the field, and the spec endpoint in pence.
import { expect, specXml, test, xmlValue } from './fixtures.ts';

test('a top-up typed as £1,250.50 is stored as 125050 pence', async ({ page, freshDemo }) => {
  const panel = page.locator('#ledger');
  const before = xmlValue(await specXml(page, freshDemo, '/account/get_balance/', { datetime: '+1 year' }), 'balance');
  const amount = panel.getByLabel('Amount (£)');
  await amount.fill('25.001');
  await panel.getByRole('button', { name: 'Add top-up' }).click();
  await expect(panel.locator('.field-error').filter({ hasText: 'at most two decimal places' })).toBeVisible();
  await expect(amount).toBeFocused();
  await amount.fill('£1,250.50');
  await expect(panel.getByTestId('entry-amount-preview')).toHaveText('Stores 125050 pence (£1,250.50)');
  await panel.getByLabel('Date and time').fill('now');
  await panel.getByRole('button', { name: 'Add top-up' }).click();
  await expect(panel.getByText('Added: top-up of £1,250.50', { exact: false })).toBeVisible();
  const after = xmlValue(await specXml(page, freshDemo, '/account/get_balance/', { datetime: '+1 year' }), 'balance');
  expect(Number(after) - Number(before)).toBeCloseTo(125050, 6);
});

test('the warning level is typed in pounds', async ({ page, freshDemo }) => {
  const panel = page.locator('#settings');
  const level = panel.getByLabel('Warning level (£)');
  await level.fill('30');
  await expect(panel.getByTestId('warning-level-preview')).toHaveText('Stores 3000 pence (£30.00)');
  await panel.getByLabel('Warning enabled').check();
  await panel.getByRole('button', { name: 'Save settings' }).click();
  await expect(panel.getByText('Saved.', { exact: false })).toBeVisible();
  expect(xmlValue(await specXml(page, freshDemo, '/account/get_notification_settings/'), 'level')).toBe('3000');
  await expect(level).toHaveValue('30.00');
});
