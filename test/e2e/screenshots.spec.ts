// The README's pictures (en-GB only, so one run makes one set): the dashboard in light and dark
// mode (with its runway and a top-up plan), the dashboard on a phone, and the ledger with its tools. Each is also a check: the view is
// drawn, and nothing is wider than the screen. `UPDATE_DOCS_SCREENSHOTS=1` copies them to
// docs/screenshots.
import type { Page } from '@playwright/test';
import { expectFitsWidth } from './axe-check.ts';
import { expect, shot, test } from './fixtures.ts';
import { cli, newDataDir, removeDataDir, startServer } from './server.ts';

/** What the pictures must show of today's dashboard: the runway beside the balance and a plan. */
async function runwayAndPlan(page: Page): Promise<void> {
  await expect(page.getByTestId('runway')).toContainText('Runway:');
  const planner = page.locator('.plan-card');
  await planner.getByLabel('Until').fill('+6 months');
  await planner.getByRole('button', { name: 'Plan' }).click();
  await expect(planner.getByTestId('plan-answer')).toContainText('To stay above');
}

test('the dashboard in light mode', async ({ page, freshDemo }) => {
  await expect(page.getByTestId('balance-chart')).toBeVisible();
  await expect(page.getByTestId('chart-summary')).toContainText('to Sat 20 Feb 2027');
  await runwayAndPlan(page);
  await shot(page.locator('#dashboard'), 'dashboard');
  expect(page.url().startsWith(freshDemo.base)).toBe(true);
});

test('the dashboard in dark mode', async ({ page, freshDemo }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.getByTestId('balance-chart')).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
  await runwayAndPlan(page);
  await shot(page.locator('#dashboard'), 'dashboard-dark');
  expect(page.url().startsWith(freshDemo.base)).toBe(true);
});

test('the window on a phone, 375 px wide', async ({ page, freshDemo }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByTestId('balance-chart')).toBeVisible();
  await runwayAndPlan(page);
  await expectFitsWidth(page, 375);
  await shot(page.locator('#dashboard'), 'narrow');
  expect(page.url().startsWith(freshDemo.base)).toBe(true);
});

test('the ledger with its search, running balance and actions', async ({ page, freshDemo }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  const panel = page.locator('#ledger');
  await expect(panel.getByTestId('ledger-table')).toContainText('Domain renewal');
  await expect(panel.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await shot(panel, 'ledger-tools');
  expect(page.url().startsWith(freshDemo.base)).toBe(true);
});

test('a connected account whose provider stopped answering, at 1280 and 390 px', async ({ page, server }) => {
  const key = 'provider-side-key+/=-0123';
  const env = { ACCOUNT_MONITOR_NOW: '2031-05-01T08:00:00', ACCOUNT_MONITOR_TZ: 'America/New_York' };
  const dir = newDataDir();
  cli(dir, ['account', 'create', 'At the provider', '--key', key], env);
  cli(dir, ['ledger', 'add', '--key', key, '--at', '2031-04-01', '--amount', '12345.6789'], env);
  cli(dir, ['recurring', 'add', '--key', key, '--amount', '3100', '--every', 'month', '--from', '2031-04-01'], env);
  const provider = await startServer(dir, { env });
  try {
    await page.goto(server.ui);
    await page.getByLabel('Provider address').fill(provider.base);
    await page.getByLabel('Your API key').fill(key);
    await page.getByLabel('Name for this account (optional)').fill('My hosting');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('balance-chart')).toBeVisible();
  } finally {
    await provider.stop();
    removeDataDir(dir);
  }
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.locator('#dashboard')).toContainText('Provider not answering');
  // Its old forecast is not told as a fact beside the balance.
  await expect(page.getByTestId('runway')).toHaveText('Runway: waiting for your provider to answer');
  await shot(page.locator('#dashboard'), 'provider-down');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page, 390);
  await shot(page, 'provider-down-narrow');
});
