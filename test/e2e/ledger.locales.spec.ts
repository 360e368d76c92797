// Ledger: adding entries with free-form dates, and all-or-nothing CSV import.
import type { Page } from '@playwright/test';
import { expect, shot, specXml, test, xmlValue, type DemoServer } from './fixtures.ts';

/** Entries in the ledger, from the app API (with the access token, as a script would send it). */
async function ledgerTotal(page: Page, server: DemoServer): Promise<number> {
  const headers = { Authorization: `Bearer ${server.token}` };
  const listed = await page.request.get(new URL('/app/accounts', server.base).toString(), { headers });
  const id =
    ((await listed.json()) as { accounts: { id: number; name: string }[] }).accounts.find(
      (a) => a.name === 'Demo hosting account',
    )?.id ?? 0;
  const response = await page.request.get(new URL(`/app/accounts/${id}/ledger?limit=1`, server.base).toString(), {
    headers,
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

test('a CSV import with one bad line imports nothing and names the line', async ({ page, demo }) => {
  const panel = page.locator('#ledger');
  const totalBefore = await ledgerTotal(page, demo);
  const balanceBefore = xmlValue(
    await specXml(page, demo, '/account/get_balance/', { datetime: '+1 year' }),
    'balance',
  );
  const csv = [
    'at,amount,kind,note',
    '2026-11-01 09:00,15.00,topup,first',
    '2026-11-02,abc,charge,bad amount',
    '2026-11-03,2.00,charge,third',
  ].join('\n');
  await panel.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await panel.getByRole('button', { name: 'Import CSV' }).click();
  const report = panel.getByTestId('import-report');
  await expect(report).toContainText('Nothing was imported');
  await expect(report).toContainText('Line 3:');
  await expect(report.locator('li')).toHaveCount(1);
  await expect(panel.locator('progress')).toBeVisible();
  await shot(panel.locator('form').filter({ hasText: 'Import a CSV' }), 'ledger-import-error');
  expect(await ledgerTotal(page, demo)).toBe(totalBefore);
  expect(xmlValue(await specXml(page, demo, '/account/get_balance/', { datetime: '+1 year' }), 'balance')).toBe(
    balanceBefore,
  );
});

test('a line only the service can judge (a date it does not understand) is named too', async ({ page, demo }) => {
  const panel = page.locator('#ledger');
  const totalBefore = await ledgerTotal(page, demo);
  const csv = ['at,amount,kind,note', '2026-11-01,15.00,topup,ok', 'when pigs fly,1.00,charge,bad date'].join('\n');
  await panel.getByLabel('Or paste the lines here').fill(csv);
  await panel.getByRole('button', { name: 'Import CSV' }).click();
  const report = panel.getByTestId('import-report');
  await expect(report).toContainText('Nothing was imported');
  await expect(report).toContainText('Line 3:');
  expect(await ledgerTotal(page, demo)).toBe(totalBefore);
});

test('a good CSV imports every line', async ({ page, demo }) => {
  const panel = page.locator('#ledger');
  const totalBefore = await ledgerTotal(page, demo);
  const csv = [
    'at,amount,kind,note',
    '2026-10-01 09:00,15.00,topup,imported one',
    '1st October 2026,2.00,charge,imported two',
  ].join('\n');
  await panel.getByLabel('Or paste the lines here').fill(csv);
  await panel.getByRole('button', { name: 'Import CSV' }).click();
  await expect(panel.getByTestId('import-report')).toContainText('Imported 2 entries.');
  expect(await ledgerTotal(page, demo)).toBe(totalBefore + 2);
  await expect(panel.getByTestId('ledger-table')).toContainText('imported one');
});

test('add a top-up with a free-form date, and a recurring charge', async ({ page, demo }) => {
  const panel = page.locator('#ledger');
  const before = xmlValue(await specXml(page, demo, '/account/get_balance/', { datetime: '+1 week' }), 'balance');
  await panel.getByLabel('Kind').selectOption({ label: 'Top-up' });
  await panel.getByLabel('Amount (£)').fill('25.00');
  await panel.getByLabel('Date and time').fill('+2 days');
  await expect(panel.getByText('Understood as Tue 24 Nov 2026 10:35:00')).toBeVisible();
  await panel.getByLabel('Note').fill('e2e top-up');
  await panel.getByRole('button', { name: 'Add top-up' }).click();
  await expect(panel.getByText(/Added: top-up of £25.00/)).toBeVisible();
  await expect(panel.getByTestId('ledger-table')).toContainText('e2e top-up');
  const after = xmlValue(await specXml(page, demo, '/account/get_balance/', { datetime: '+1 week' }), 'balance');
  expect(Number(after) - Number(before)).toBeCloseTo(2500, 6);

  const rows = panel.getByTestId('recurring-table').locator('tbody tr');
  // Counted once the list has come (the demo has charges), not while it is still being read.
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  await panel.getByLabel('Charge per period (£)').fill('£9.99');
  await panel.getByLabel('Every').selectOption('week');
  await panel.getByLabel('Starting').fill('tomorrow');
  await panel.getByLabel('Description (optional)').fill('e2e backups');
  await panel.getByRole('button', { name: 'Add recurring charge' }).click();
  await expect(rows).toHaveCount(count + 1);
  await expect(panel.getByTestId('recurring-table').getByRole('row').filter({ hasText: 'e2e backups' })).toContainText(
    'a week',
  );
  await shot(panel, 'ledger');

  // Delete the top-up again: the balance goes back.
  const total = await ledgerTotal(page, demo);
  // It asks first, saying what will happen; Cancel (focused first) keeps everything.
  const deleteButton = panel
    .getByRole('row')
    .filter({ hasText: 'e2e top-up' })
    .getByRole('button', { name: /^Delete top-up/ });
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this top-up?' });
  await expect(dialog).toContainText('£25.00');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  expect(await ledgerTotal(page, demo)).toBe(total);
  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Delete top-up' }).click();
  await expect(panel.getByTestId('ledger-table')).not.toContainText('e2e top-up');
  expect(await ledgerTotal(page, demo)).toBe(total - 1);

  // Validation before sending.
  await panel.getByLabel('Amount (£)').fill('-5');
  await panel.getByRole('button', { name: 'Add top-up' }).click();
  await expect(panel.locator('.field-error').filter({ hasText: /without a minus sign/ })).toBeVisible();
  await panel.getByLabel('Amount (£)').fill('0');
  await panel.getByRole('button', { name: 'Add top-up' }).click();
  await expect(panel.locator('.field-error').filter({ hasText: /Enter an amount above zero/ })).toBeVisible();
});

test('a date hint says what saving will say, and never shows the reading of an earlier text', async ({
  page,
  demo,
}) => {
  const panel = page.locator('#ledger');
  const totalBefore = await ledgerTotal(page, demo);
  const when = panel.getByLabel('Date and time');
  const hintId = ((await when.getAttribute('aria-describedby')) ?? '').split(' ')[0] ?? '';
  const hint = page.locator(`[id="${hintId}"]`);
  await when.fill('+2 days');
  await expect(hint).toHaveText('Understood as Tue 24 Nov 2026 10:35:00');
  // Typed and left at once (quicker than the typing pause): the hint is the new text's reading or
  // says it is on its way, never the old one.
  await when.fill('+3 days');
  expect(await hint.textContent()).not.toContain('24 Nov');
  await when.press('Tab');
  expect(await hint.textContent()).not.toContain('24 Nov');
  await expect(hint).toHaveText('Understood as Wed 25 Nov 2026 10:35:00');
  await expect(hint).toHaveAttribute('aria-busy', 'false');

  // What saving refuses, the hint refuses too, in the same terms.
  await panel.getByLabel('Amount (£)').fill('1.00');
  await when.fill('when pigs fly');
  await expect(hint).toHaveText(/^Not understood, so it cannot be saved\./);
  await panel.getByRole('button', { name: 'Add top-up' }).click();
  await expect(panel.getByText(/not a date or time this app understands/).first()).toBeVisible();
  await when.fill('1 Jan 2600');
  await expect(hint).toContainText('but the date is outside the range the ledger keeps (about the years 1425 to 2514)');
  await panel.getByRole('button', { name: 'Add top-up' }).click();
  await expect(panel.getByText(/^Not added: the date is outside the range the ledger keeps/)).toBeVisible();
  await shot(panel.locator('form').filter({ hasText: 'Add a top-up or charge' }), 'ledger-date-hint-refused');
  expect(await ledgerTotal(page, demo)).toBe(totalBefore);
});
