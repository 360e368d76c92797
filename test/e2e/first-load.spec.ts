// The window's first load (issue 36): the dashboard's chart is drawn from the chunks the page
// names (its module script and preloads) alone, at most 120 KB of JavaScript at gzip's best
// level, and the other panels' chunks (ledger, CSV import, settings, local API, alerts) are
// fetched after it, while the window is idle, before anyone scrolls to them.
import { firstLoadOf } from '../../bench/lib/first-load.ts';
import { expect, test } from './fixtures.ts';

/** The chunks of the panels that are not the dashboard, by the names the build gives them. */
const DEFERRED = /\/assets\/(LedgerPanel|CsvImport|SettingsPanel|ApiPanel|AlertsPanel)-[\w-]+\.js$/;

test('the first load is the dashboard alone, at most 120 KB gzipped; the other panels are prefetched when idle', async ({
  page,
  demo,
}) => {
  const first = firstLoadOf();
  expect(first.gzipBytes, `the first load (${first.files.join(', ')})`).toBeLessThanOrEqual(120_000);

  // The scripts the page had fetched when the chart's line appeared, noted by the page itself.
  await page.addInitScript(() => {
    const w = window as unknown as { scriptsAtDraw?: string[] };
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="balance-chart"] path.chart-line') === null) return;
      w.scriptsAtDraw = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js'));
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  // The page again, signed in already (the token is kept per origin): a first load of its scripts.
  await page.goto(demo.base);
  await expect(page.getByTestId('balance-chart').locator('path.chart-line').first()).toBeVisible();
  const atDraw = await page.evaluate(() => (window as unknown as { scriptsAtDraw?: string[] }).scriptsAtDraw);
  expect(atDraw).toBeDefined();
  expect([...(atDraw ?? [])].sort()).toEqual(first.files.map((f) => `/${f}`).sort());

  // Then, with nobody scrolling, every other panel's chunk arrives.
  const deferred = () =>
    page.evaluate((source) => {
      const names = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
      return [...new Set(names.map((n) => new RegExp(source).exec(n)?.[1]).filter((n) => n !== undefined))].sort();
    }, DEFERRED.source);
  await expect.poll(deferred).toEqual(['AlertsPanel', 'ApiPanel', 'CsvImport', 'LedgerPanel', 'SettingsPanel']);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
