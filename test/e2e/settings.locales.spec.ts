// Settings: an edit made in the window appears in the endpoint's XML; bad input is refused.
import { expect, shot, specXml, test, xmlValue } from './fixtures.ts';

test('a settings edit appears in the XML', async ({ page, demo }) => {
  const panel = page.locator('#settings');
  await panel.scrollIntoViewIfNeeded();
  const before = await specXml(page, demo, '/account/get_notification_settings/');
  // The window shows exactly what the endpoint returns.
  await expect(panel.getByTestId('settings-xml')).toHaveText(before.trim());

  // Typed in pounds, stored in pence.
  await panel.getByLabel('Warning level (£)').fill('£43.21');
  await expect(panel.getByTestId('warning-level-preview')).toHaveText('Stores 4321 pence (£43.21)');
  await panel.getByLabel('Warning enabled').check();
  const daily = panel.getByLabel('Daily summary');
  const wasDaily = await daily.isChecked();
  await daily.setChecked(!wasDaily);
  await panel.getByLabel('Bandwidth 70%').check();
  await panel.getByRole('button', { name: 'Save settings' }).click();
  await expect(panel.getByText('Saved.', { exact: false })).toBeVisible();

  const after = await specXml(page, demo, '/account/get_notification_settings/');
  expect(xmlValue(after, 'level')).toBe('4321');
  expect(xmlValue(after, 'enabled')).toBe('true');
  expect(after.includes('<value>daily</value>')).toBe(!wasDaily);
  expect(after).toMatch(/<bandwidth>\s*<value>70<\/value>/);
  await expect(panel.getByTestId('settings-xml')).toHaveText(after.trim());
  // The dashboard's warning line and state follow the new level.
  await expect(page.locator('[data-state]')).toContainText('£43.21');
  await shot(panel, 'settings');
});

test('settings are validated before saving', async ({ page, demo }) => {
  const panel = page.locator('#settings');
  const before = await specXml(page, demo, '/account/get_notification_settings/');
  const level = panel.getByLabel('Warning level (£)');
  await level.fill('ten pounds');
  await panel.getByRole('button', { name: 'Save settings' }).click();
  await expect(panel.locator('.field-error').filter({ hasText: /not an amount in pounds/ })).toBeVisible();
  await expect(level).toHaveAttribute('aria-invalid', 'true');
  await expect(level).toBeFocused();
  await level.fill('10.005');
  await panel.getByRole('button', { name: 'Save settings' }).click();
  await expect(panel.locator('.field-error').filter({ hasText: /at most two decimal places/ })).toBeVisible();
  await level.fill('');
  await panel.getByLabel('Warning enabled').check();
  await panel.getByRole('button', { name: 'Save settings' }).click();
  await expect(panel.getByText('Enter a warning level to turn the warning on.')).toBeVisible();
  expect(await specXml(page, demo, '/account/get_notification_settings/')).toBe(before);
});
