// Dates the way the user writes them: 01/07/2026 is 1 July for a UK user and 7 January for a US
// one by default; the setting flips it for every date field, Balance at and the window's imports,
// and the Local API panel's curl line carries the instant so a script gets the same answer.
import { expect, specXml, test, xmlValue } from './fixtures.ts';

const JULY = 'Wed 1 Jul 2026';
const JANUARY = 'Wed 7 Jan 2026';

test("01/07/2026 is read the user's way in Balance at, and the curl line carries the instant", async ({
  page,
  freshDemo,
}) => {
  const uk = test.info().project.name === 'en-GB';
  const box = page.getByLabel('Balance at');
  await box.fill('01/07/2026');
  const understood = page.getByTestId('balance-at-understood');
  await expect(understood).toHaveText(`✓ understood as ${uk ? JULY : JANUARY} 00:00:00`);
  // The balance is get_balance's for that instant (as a script asking with @epoch gets it).
  const epoch = Date.UTC(2026, uk ? 6 : 0, uk ? 1 : 7) / 1000 - (uk ? 3600 : 0);
  const xml = await specXml(page, freshDemo, '/account/get_balance/', { datetime: `@${epoch}` });
  await expect(page.getByTestId('balance-at-value')).toHaveAttribute(
    'data-pence',
    xmlValue(xml, 'balance') ?? 'missing',
  );
  await expect(page.locator('#local-api .curl-list')).toContainText(`datetime=%40${epoch}`);

  // The setting flips it, at once, everywhere.
  await page
    .locator('#settings')
    .getByLabel(uk ? '7 January 2026 (month first)' : '1 July 2026 (day first)')
    .check();
  await expect(understood).toHaveText(`✓ understood as ${uk ? JANUARY : JULY} 00:00:00`);
  await page.reload();
  await box.fill('01/07/2026');
  await expect(understood).toHaveText(`✓ understood as ${uk ? JANUARY : JULY} 00:00:00`);
});

test("a top-up dated 01/07/2026 and a CSV row of that date land on the user's day", async ({ page, freshDemo }) => {
  const uk = test.info().project.name === 'en-GB';
  const panel = page.locator('#ledger');
  await panel.getByLabel('Amount (£)').fill('10');
  await panel.getByLabel('Date and time').fill('01/07/2026');
  await expect(panel.getByText(`Understood as ${uk ? JULY : JANUARY} 00:00:00`)).toBeVisible();
  await panel.getByLabel('Note').fill('typed date');
  await panel.getByRole('button', { name: 'Add top-up' }).click();
  await expect(panel.getByTestId('ledger-table').getByRole('row').filter({ hasText: 'typed date' })).toContainText(
    uk ? JULY : JANUARY,
  );

  await panel.getByLabel('Or paste the lines here').fill('at,amount,kind,note\n02/07/2026,10.00,topup,imported date\n');
  await panel.getByRole('button', { name: 'Import CSV' }).click();
  await expect(panel.getByTestId('import-report')).toContainText('Imported 1');
  await expect(panel.getByTestId('ledger-table').getByRole('row').filter({ hasText: 'imported date' })).toContainText(
    uk ? 'Thu 2 Jul 2026' : 'Sat 7 Feb 2026',
  );
  // The typed top-up moved get_balance at exactly that instant (London midnight), not before.
  const at = Date.UTC(2026, uk ? 6 : 0, uk ? 1 : 7) / 1000 - (uk ? 3600 : 0);
  const balance = async (t: number): Promise<number> =>
    Number(xmlValue(await specXml(page, freshDemo, '/account/get_balance/', { datetime: `@${t}` }), 'balance'));
  // (The demo's recurring charges accrue by the second: a thousandth of a penny in one.)
  expect((await balance(at)) - (await balance(at - 1))).toBeCloseTo(1000, 1);
});
