// Local API panel, and the designed error states against the real server.
import { cli } from './server.ts';
import { findContrastProblems } from './contrast.ts';
import { expect, shot, specXml, test, xmlValue } from './fixtures.ts';

test('the local API panel shows the base URL, listening, and masked curl lines', async ({ page, demo }) => {
  const panel = page.locator('#local-api');
  await expect(panel.getByText(demo.base, { exact: true })).toBeVisible();
  await expect(panel.getByTestId('api-listening')).toContainText('Yes');
  const lines = panel.locator('code.curl');
  await expect(lines).toHaveCount(4);
  for (const text of await lines.allTextContents()) {
    expect(text).toContain('key=••••••••');
    expect(text).not.toContain(demo.key);
    expect(text.startsWith(`curl "${demo.base}account/`)).toBe(true);
  }
  // Copy puts a line that works when pasted on the clipboard: the key, read on request, in it.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'Copy curl command: Balance in a week' }).click();
  await expect(panel.getByText(/Copied the curl line "Balance in a week"/)).toBeVisible();
  // The page writes the clipboard after it has fetched the key: wait for it to hold the line.
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  const line = `curl "${demo.base}account/get_balance/?key=${encodeURIComponent(demo.key)}&datetime=%2B1%20week"`;
  await expect.poll(clipboard).toBe(line);
  const copied = await clipboard();
  // Pasted into a shell (run here as the shell would), it answers what get_balance answers.
  const url = /^curl "(.+)"$/.exec(copied)?.[1] ?? '';
  expect(await (await page.request.get(url)).text()).toBe(
    await specXml(page, demo, '/account/get_balance/', { datetime: '+1 week' }),
  );
  await panel.getByRole('button', { name: 'Copy key' }).click();
  await expect.poll(clipboard).toBe(demo.key);
  await panel.getByRole('button', { name: /^Copy export ACCOUNT_MONITOR_KEY/ }).click();
  await expect.poll(clipboard).toBe(`export ACCOUNT_MONITOR_KEY='${demo.key}'`);
  // Still never shown in the page.
  expect(await page.locator('body').textContent()).not.toContain(demo.key);
  await shot(panel, 'local-api');
});

test('a revoked key is refused and the window offers to set up again', async ({ page, freshDemo }) => {
  cli(freshDemo.dataDir, ['key', 'revoke', freshDemo.key]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your API key was refused' })).toBeVisible();
  await shot(page, 'state-key-revoked');
  await page.getByRole('button', { name: 'Use a different key' }).click();
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
});

test('the service going away is said plainly', async ({ page, freshDemo }) => {
  await freshDemo.stop();
  // Any request now fails. The live updates' long poll notices on its own; typing a phrase makes a
  // request sooner, unless the window has already said so (then the box is gone).
  const unreachable = page.getByRole('heading', { name: 'The service is not answering' });
  const box = page.getByLabel('Balance at');
  try {
    await box.fill('tomorrow', { timeout: 5000 });
  } catch (err) {
    if (!(await unreachable.isVisible())) throw err;
  }
  await expect(unreachable).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await shot(page, 'state-unreachable');
});

test('without the access token the page says how to open it', async ({ page, server }) => {
  const response = await page.request.get(new URL('/app/status', server.base).toString());
  expect(response.status()).toBe(401);
  await page.goto(server.base);
  await expect(page.getByRole('heading', { name: 'Sign in to Account Monitor' })).toBeVisible();
  await expect(page.getByText(/open the address the server printed/)).toBeVisible();
});

test('dark mode follows the OS', async ({ page, demo }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(bg).toBe('rgb(18, 20, 23)');
  const now = xmlValue(await specXml(page, demo, '/account/get_balance/'), 'balance') ?? 'missing';
  await expect(page.getByTestId('balance-now')).toHaveAttribute('data-pence', now);
  await shot(page.locator('#dashboard'), 'dashboard-dark');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`text contrast passes WCAG AA in ${scheme} mode`, async ({ page, demo }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByLabel('Balance at').fill('+1 week');
    await expect(page.getByTestId('balance-at-understood')).toBeVisible();
    await expect(page.getByTestId('ledger-table')).toBeVisible();
    expect(demo.key).not.toBe('');
    const problems = await page.evaluate(findContrastProblems);
    expect(problems).toEqual([]);
  });
}
