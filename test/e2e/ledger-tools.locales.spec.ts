// The ledger's everyday tools, walked as a UK and as a US user: edit an entry (its date read the
// user's way), delete one and undo it, end a recurring charge from a date (the past unchanged),
// search and filter, export what is shown as CSV, import a file twice (its duplicates said and
// chosen about), and axe on each dialog and choice at desktop and phone widths.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expectFitsWidth } from './axe-check.ts';
import { cli } from './server.ts';
import { expect, keepNewKey, specXml, test, xmlValue, type DemoServer } from './fixtures.ts';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
];

async function serious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** No serious or critical violation at either width, and nothing wider than the screen. */
async function checkAccess(page: Page, what: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    expect(await serious(page), `${what} at ${size.width}px`).toEqual([]);
    await expectFitsWidth(page, size.width, `${what}: page width at ${size.width}px`);
  }
  await page.setViewportSize(WIDTHS[0] ?? { width: 1280, height: 900 });
}

const balanceAt = async (page: Page, server: DemoServer, phrase: string): Promise<number> =>
  Number(xmlValue(await specXml(page, server, '/account/get_balance/', { datetime: phrase }), 'balance'));

test("an entry is edited in a dialog: the date the user's way, the amount in pounds, every balance after it follows", async ({
  page,
  freshDemo,
}, info) => {
  const uk = info.project.name === 'en-GB';
  cli(
    freshDemo.dataDir,
    ['ledger', 'add', '--at', '2026-11-10 12:00', '--amount', '2500', '--note', 'to be corrected'],
    { ACCOUNT_MONITOR_KEY: freshDemo.key },
  );
  const panel = page.locator('#ledger');
  const row = panel.getByTestId('ledger-table').getByRole('row').filter({ hasText: 'to be corrected' });
  await expect(row).toBeVisible({ timeout: 5000 });
  const before = await balanceAt(page, freshDemo, '2026-11-20');
  await row.getByRole('button', { name: /^Edit top-up/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit this entry' });
  await expect(dialog.getByLabel('Amount (£)')).toHaveValue('25.00');
  await expect(dialog.getByLabel('Kind')).toBeFocused();
  await checkAccess(page, 'the edit dialog');
  // Cancel changes nothing.
  await dialog.getByLabel('Amount (£)').fill('99');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await balanceAt(page, freshDemo, '2026-11-20')).toBe(before);

  await row.getByRole('button', { name: /^Edit top-up/ }).click();
  await dialog.getByLabel('Amount (£)').fill('£30');
  await expect(dialog.getByTestId('edit-amount-preview')).toHaveText('Stores 3000 pence (£30.00)');
  await dialog.getByLabel('Amount (£)').fill('25.001');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.locator('.field-error').filter({ hasText: 'at most two decimal places' })).toBeVisible();
  await expect(dialog.getByLabel('Amount (£)')).toBeFocused();
  await dialog.getByLabel('Amount (£)').fill('£30');
  // 08/11/2026 is 8 November to a UK user and 11 August to a US one.
  await dialog.getByLabel('Date and time').fill('08/11/2026 12:00');
  await expect(
    dialog.getByText(uk ? 'Understood as Sun 8 Nov 2026 12:00:00' : 'Understood as Tue 11 Aug 2026 12:00:00'),
  ).toBeVisible();
  await dialog.getByLabel('Note').fill('corrected');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('ledger-said')).toContainText('Saved the top-up of £30.00');
  await expect(panel.getByTestId('ledger-table').getByRole('row').filter({ hasText: 'corrected' })).toContainText(
    uk ? '8 Nov 2026' : '11 Aug 2026',
  );
  await expect(panel.getByTestId('ledger-table')).not.toContainText('to be corrected');
  expect(await balanceAt(page, freshDemo, '2026-11-20')).toBeCloseTo(before + 500, 6);
});

test('a deleted entry comes back with Undo, and the balances with it', async ({ page, freshDemo }) => {
  cli(
    freshDemo.dataDir,
    ['ledger', 'add', '--at', '2026-11-15 08:00', '--amount', '1234', '--kind', 'charge', '--note', 'mistaken charge'],
    { ACCOUNT_MONITOR_KEY: freshDemo.key },
  );
  const panel = page.locator('#ledger');
  const table = panel.getByTestId('ledger-table');
  await expect(table).toContainText('mistaken charge', { timeout: 5000 });
  const before = await balanceAt(page, freshDemo, 'now');
  await table
    .getByRole('row')
    .filter({ hasText: 'mistaken charge' })
    .getByRole('button', { name: /^Delete charge/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete this charge?' });
  await expect(dialog).toContainText('You can undo it');
  await dialog.getByRole('button', { name: 'Delete charge' }).click();
  await expect(table).not.toContainText('mistaken charge');
  expect(await balanceAt(page, freshDemo, 'now')).toBeCloseTo(before + 1234, 6);
  const said = panel.getByTestId('ledger-said');
  await expect(said).toContainText('Deleted the charge of -£12.34');
  await said.getByRole('button', { name: 'Undo' }).click();
  await expect(table).toContainText('mistaken charge');
  await expect(said).toContainText('Restored the charge of -£12.34');
  expect(await balanceAt(page, freshDemo, 'now')).toBeCloseTo(before, 6);
});

test('a recurring charge is ended from a date: refused in the past with the error by the field, then the past stays as it was', async ({
  page,
  freshDemo,
}, info) => {
  const uk = info.project.name === 'en-GB';
  const panel = page.locator('#ledger');
  const row = panel.getByTestId('recurring-table').getByRole('row').filter({ hasText: 'Web hosting' });
  const lastWeek = await balanceAt(page, freshDemo, '-1 week');
  const nextYear = await balanceAt(page, freshDemo, '+1 year');
  await row.getByRole('button', { name: /^End recurring charge/ }).click();
  const dialog = page.getByRole('dialog', { name: 'End this recurring charge' });
  await expect(dialog.getByLabel('Stops on')).toBeFocused();
  await dialog.getByLabel('Stops on').fill('yesterday');
  await dialog.getByRole('button', { name: 'End charge' }).click();
  await expect(dialog.locator('.field-error')).toContainText('in the past');
  await expect(dialog.getByLabel('Stops on')).toBeFocused();
  await checkAccess(page, 'the end dialog with its error');
  // 01/02/2027 is 1 February to a UK user, 2 January to a US one; both are after "now" (22 Nov 2026).
  await dialog.getByLabel('Stops on').fill('01/02/2027');
  await expect(
    dialog.getByText(uk ? 'Understood as Mon 1 Feb 2027 00:00:00' : 'Understood as Sat 2 Jan 2027 00:00:00'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'End charge' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('ledger-said')).toContainText('Ended: the charge of £10.00 a month stops on');
  await expect(row).toContainText(uk ? '1 Feb 2027' : '2 Jan 2027');
  await expect(row.getByRole('button', { name: /^End/ })).toHaveCount(1);
  expect(await balanceAt(page, freshDemo, '-1 week')).toBeCloseTo(lastWeek, 6);
  expect(await balanceAt(page, freshDemo, '+1 year')).toBeGreaterThan(nextYear);
});

test('the ledger is searched by note and filtered by kind, and what is shown is exported as CSV', async ({
  page,
  freshDemo,
}) => {
  const panel = page.locator('#ledger');
  const table = panel.getByTestId('ledger-table');
  await expect(table).toContainText('Domain renewal');
  await panel.getByLabel('Search').fill('DOMAIN');
  await expect(table.getByRole('row')).toHaveCount(2); // the header and one entry
  await expect(panel.getByRole('heading', { name: /Entries \(1 matching\)/ })).toBeVisible();
  await panel.getByLabel('Search').fill('');
  await panel.getByLabel('Show').selectOption({ label: 'Top-ups only' });
  await expect(panel.getByRole('heading', { name: /Entries \(8 matching\)/ })).toBeVisible();
  await expect(table).not.toContainText('Domain renewal');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export these as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('demo-hosting-account-ledger.csv');
  const lines = readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('at,amount,kind,note');
  expect(lines).toHaveLength(9);
  // The same rows the command line's full listing has for top-ups (there, with the recurring
  // charges' two columns, empty for an entry).
  const all = cli(freshDemo.dataDir, ['ledger', 'list'], { ACCOUNT_MONITOR_KEY: freshDemo.key }).split('\n');
  expect(lines.slice(1)).toEqual(all.filter((l) => l.includes(',topup,')).map((l) => l.replace(/,,$/, '')));

  await panel.getByLabel('Search').fill('no such words');
  await expect(panel.getByText('No top-ups with “no such words” in the note.')).toBeVisible();
  await panel.getByRole('button', { name: 'Show all entries' }).click();
  await expect(panel.getByRole('heading', { name: /Entries \(11\)/ })).toBeVisible();
});

test('a file imported twice: its duplicates are counted and the user skips them or imports them anyway', async ({
  page,
  freshDemo,
}) => {
  const panel = page.locator('#ledger');
  const csv = 'at,amount,kind,note\n2026-11-02 09:00,7.00,topup,bank transfer\n2026-11-03 09:00,1.50,charge,sms pack\n';
  const importIt = async (): Promise<void> => {
    await panel.getByLabel('Or paste the lines here').fill(csv);
    await panel.getByRole('button', { name: 'Import CSV' }).click();
  };
  const report = panel.getByTestId('import-report');
  await importIt();
  await expect(report).toContainText('Imported 2 entries.');
  const once = await balanceAt(page, freshDemo, 'now');

  await importIt();
  const choice = panel.getByTestId('import-duplicates');
  await expect(choice).toContainText("2 of the file's 2 rows are already in the ledger");
  await expect(choice.getByRole('button', { name: 'Skip the duplicates' })).toBeFocused();
  await checkAccess(page, 'the duplicates choice');
  expect(await balanceAt(page, freshDemo, 'now')).toBeCloseTo(once, 6);
  await choice.getByRole('button', { name: 'Cancel' }).click();
  await expect(report).toContainText('Nothing was imported.');

  await importIt();
  await choice.getByRole('button', { name: 'Skip the duplicates' }).click();
  await expect(report).toContainText('Imported 0 entries; skipped 2 already in the ledger.');
  expect(await balanceAt(page, freshDemo, 'now')).toBeCloseTo(once, 6);

  await importIt();
  await choice.getByRole('button', { name: 'Import all 2 anyway' }).click();
  await expect(report).toContainText('Imported 2 entries.');
  expect(await balanceAt(page, freshDemo, 'now')).toBeCloseTo(once + 700 - 150, 6);
});

test('the whole ledger exported restores the account: imported into a new account, the same entries, recurring charges and balances', async ({
  page,
  freshDemo,
}) => {
  const panel = page.locator('#ledger');
  await expect(panel.getByTestId('ledger-table')).toContainText('Domain renewal');
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export CSV' }).click();
  const text = readFileSync(await (await download).path(), 'utf8');
  expect(text.split('\n')[0]).toBe('at,amount,kind,note,every,until');
  const charges = panel.getByTestId('recurring-table').locator('tbody tr');
  const chargeCount = await charges.count();
  expect(chargeCount).toBeGreaterThan(0);
  const entryCount = text.trim().split('\n').length - 1 - chargeCount;
  const before = await Promise.all(['now', '+1 month', '+1 year'].map((p) => balanceAt(page, freshDemo, p)));

  // A new local account, empty, takes the file back whole (an export of this app: pence, said so).
  await page.getByRole('button', { name: 'Add account' }).click();
  await page.getByLabel('Account name').fill('Restored');
  await page.getByRole('button', { name: 'Create a local account' }).click();
  const key = await keepNewKey(page);
  await expect(page.getByLabel('Account', { exact: true }).locator('option:checked')).toHaveText('Restored');
  await panel.getByLabel('Or paste the lines here').fill(text);
  // Recognised as this app's export: read as pence, as it was written.
  await expect(panel.getByTestId('import-preview')).toContainText('£75.00');
  await panel.getByRole('button', { name: 'Import CSV' }).click();
  await expect(panel.getByTestId('import-report')).toContainText(
    `Imported ${entryCount} entries and ${chargeCount} recurring charge${chargeCount === 1 ? '' : 's'}.`,
  );
  await expect(charges).toHaveCount(chargeCount);
  const restored = { ...freshDemo, key };
  const after = await Promise.all(['now', '+1 month', '+1 year'].map((p) => balanceAt(page, restored, p)));
  expect(after).toEqual(before);
  // And its own export is the same file.
  const again = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export CSV' }).click();
  expect(readFileSync(await (await again).path(), 'utf8')).toBe(text);
});
