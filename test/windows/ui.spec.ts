// The UI served by Windows' Node, in Linux's Chromium: a working dashboard, not a blank page (on
// Windows the UI's files were listed as assets\index-x.js and never served).
import { keepNewKey } from '../e2e/fixtures.ts';
import { expect, removeFolder, startWindowsServer, test, ZOE_DATA } from './fixtures.ts';

test('onboarding with demo data leads to a dashboard with its chart', async ({ page, wine }) => {
  removeFolder(wine, ZOE_DATA);
  const server = await startWindowsServer(wine, ZOE_DATA);
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    const why = request.failure()?.errorText ?? 'failed';
    // The page cancels its own long poll of the changes when the view that keeps it goes
    // (data/live.ts): not a failure of the server.
    if (why === 'net::ERR_ABORTED' && new URL(request.url()).pathname === '/app/changes') return;
    failed.push(`${why} ${request.url()}`);
  });
  page.on('pageerror', (error) => {
    errors.push(error.message);
  });
  try {
    await page.goto(server.ui);
    await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
    // The styles arrived: the page is laid out by the stylesheet, not the browser's defaults.
    const styled = await page.evaluate(() =>
      [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/') === true && sheet.cssRules.length > 0),
    );
    expect(styled).toBe(true);

    await page.getByRole('button', { name: 'Start with demo data' }).click();
    await keepNewKey(page);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('balance-now')).toHaveText(/^-?£[\d,]+\.\d\d/);
    const chart = page.getByTestId('balance-chart');
    await expect(chart).toBeVisible();
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(20);
    await expect(chart.locator('path.chart-line').first()).toBeVisible();
    await expect(chart.locator('svg text').filter({ hasText: /^Now$/ })).toHaveCount(1);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await server.node.kill();
  }
});
