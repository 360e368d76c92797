// A connected account's week, walked as a UK and as a US user: the fixes of issue 25 that are in
// the window (money in files never guessed, addresses asked about, ...), each with axe.
import { checkAccess } from './axe-check.ts';
import { expect, specXml, test, xmlValue } from './fixtures.ts';
import { cli } from './server.ts';

// Axe runs in some walks (axe-check.ts): time for it with two workers on two cores.
test.describe.configure({ timeout: 240_000 });

const balance = async (...args: Parameters<typeof specXml>): Promise<number> =>
  Number(xmlValue(await specXml(...args), 'balance'));

test('a CSV in pounds is previewed in pounds and imported as pounds; an export is read as pence', async ({
  page,
  freshDemo,
}) => {
  const panel = page.locator('#ledger');
  const form = panel.locator('form').filter({ hasText: 'Import a CSV' });
  const before = await balance(page, freshDemo, '/account/get_balance/', { datetime: '+1 year' });
  const preview = form.getByTestId('import-preview');
  const pounds = form.getByRole('radio', { name: /^Pounds/ });
  const pence = form.getByRole('radio', { name: /^Pence/ });

  // A bank's file: amounts in pounds, the default, shown as the ledger will show them.
  await form.getByLabel('Or paste the lines here').fill('at,amount,kind,note\n2026-11-20,20.00,topup,bank\n');
  await expect(pounds).toBeChecked();
  await expect(preview.getByRole('row').filter({ hasText: 'bank' })).toContainText('£20.00');
  await pence.check();
  await expect(preview.getByRole('row').filter({ hasText: 'bank' })).toContainText('£0.20');
  await pounds.check();
  await expect(preview.getByRole('row').filter({ hasText: 'bank' })).toContainText('£20.00');
  await form.getByRole('button', { name: 'Import CSV' }).click();
  await expect(form.getByTestId('import-report')).toContainText('Imported 1 entry.');
  await expect(form.getByRole('radio', { name: /^Pounds/ })).toBeChecked();
  const after = await balance(page, freshDemo, '/account/get_balance/', { datetime: '+1 year' });
  expect(after - before).toBeCloseTo(2000, 6);

  // This app's export (its header and its dates): pence, said so.
  await form
    .getByLabel('Or paste the lines here')
    .fill('at,amount,kind,note\n2026-11-21 09:00:00,2500,topup,exported\n');
  await expect(pence).toBeChecked();
  await expect(form.getByText('looks like an export from Account Monitor')).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: 'exported' })).toContainText('£25.00');
  await checkAccess(page, 'the import preview', '#ledger form:has(#csv-text)');
  await form.getByRole('button', { name: 'Import CSV' }).click();
  await expect(form.getByTestId('import-report')).toContainText('Imported 1 entry.');
  const last = await balance(page, freshDemo, '/account/get_balance/', { datetime: '+1 year' });
  expect(last - after).toBeCloseTo(2500, 6);
});

test('a provider address without http:// or https:// is asked about; a failure is said once, with its next step', async ({
  page,
  server,
}) => {
  await page.goto(server.ui);
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Connect to your provider' }) });
  await form.getByLabel('Provider address').fill('127.0.0.1:9');
  await form.getByLabel('Your API key').fill('a-key-nobody-issued-000');
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(
    form.getByText('Add http:// for a provider on this computer (http://127.0.0.1:9), https:// otherwise'),
  ).toBeVisible();
  await checkAccess(page, 'the address asked about', 'form:has(#connect-title)');

  // Port 9 (discard) has nothing listening here: the service's one sentence, capitalised.
  await form.getByLabel('Provider address').fill('http://127.0.0.1:9');
  await form.getByRole('button', { name: 'Connect' }).click();
  const said = form.getByText(/Cannot reach the provider: /);
  await expect(said).toBeVisible();
  await expect(said).not.toContainText('cannot reach the provider: cannot reach');
  await expect(said).toContainText('try again.');
});

test('a second tab and a bookmark of this address are signed in; another port is not', async ({
  page,
  context,
  demo,
  server,
}) => {
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const second = await context.newPage();
  await second.goto(new URL('/?account=1', demo.base).toString());
  await expect(second.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(second.getByTestId('balance-now')).toBeVisible();
  // Another local server (another port, another origin) cannot read this origin's token.
  await second.goto(server.base);
  await expect(second.getByRole('heading', { name: 'Sign in to Account Monitor' })).toBeVisible();
  await second.close();
});

test('a key this app already keeps, pasted to connect, offers to open its account', async ({ page, server }) => {
  // Made with the CLI while the window shows "Set up" (a restart without a keychain looks the same).
  const key = cli(server.dataDir, ['demo']).trim();
  await page.goto(server.ui);
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Connect to your provider' }) });
  await form.getByLabel('Provider address').fill('http://127.0.0.1:9');
  await form.getByLabel('Your API key').fill(key);
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(form.getByText(/This key belongs to an account kept in this app/)).toBeVisible();
  const open = form.getByRole('button', { name: 'Open the account with this key' });
  await checkAccess(page, 'the offer to open a known key', 'form:has(#connect-title)');
  await open.click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('balance-now')).toBeVisible();
});

test('after a restart without a keychain, the accounts this app keeps are listed and each key is asked in place', async ({
  page,
  server,
}) => {
  const key = cli(server.dataDir, ['demo']).trim();
  await page.goto(server.ui);
  const kept = page.getByRole('region', { name: 'Accounts this app keeps' });
  await expect(kept.getByRole('listitem').filter({ hasText: 'Demo hosting account' })).toContainText('local');
  // The list follows the change feed: an account a script adds shows up without a reload.
  cli(server.dataDir, ['account', 'create', 'Made by a script']);
  await expect(kept.getByRole('listitem').filter({ hasText: 'Made by a script' })).toContainText('local');
  await kept.getByLabel('Key of Demo hosting account').fill('not-a-key-of-this-app-000');
  await kept.getByRole('button', { name: 'Open Demo hosting account' }).click();
  await expect(kept.getByText('The service does not know this key')).toBeVisible();
  await checkAccess(page, 'the kept accounts', 'section:has(#kept-title)');
  await kept.getByLabel('Key of Demo hosting account').fill(key);
  await kept.getByRole('button', { name: 'Open Demo hosting account' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('balance-now')).toBeVisible();
});

test('ledger buttons are read out in pounds, as the screen shows them', async ({ page, demo }) => {
  const panel = page.locator('#ledger');
  expect(page.url().startsWith(demo.base)).toBe(true);
  await expect(panel.getByTestId('ledger-table')).toBeVisible();
  const pounds = /^(Edit|Delete) (top-up|charge|refund|adjustment) of -?£[\d,]+\.\d\d on /;
  await expect(panel.getByRole('button', { name: pounds }).first()).toBeVisible();
  await expect(panel.getByRole('button', { name: /^(Edit|Delete) .* of -?[\d.]+p on / })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Delete recurring charge of £[\d,]+\.\d\d / }).first()).toBeVisible();
  await expect(panel.getByRole('button', { name: /recurring charge of [\d.]+p / })).toHaveCount(0);
});

test('the no-keychain warning can be dismissed, stays one line after a reload, and the balance is on screen at 390 px', async ({
  page,
  demo,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(demo.base);
  const warning = page.getByRole('heading', { name: /^No keychain/ });
  await expect(warning).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss this warning' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByTestId('vault-note-short')).toHaveText(
    '▲ No keychain: your API key is kept for this session only.',
  );
  await page.reload();
  await expect(page.getByTestId('balance-now')).toBeInViewport();
  await expect(page.getByTestId('vault-note-short')).toBeVisible();
  await expect(warning).toBeHidden();
});
