// Automated accessibility checks (axe-core) on every view, at desktop and phone widths, light and
// dark: no serious or critical violation anywhere.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
  { width: 320, height: 640 },
];

/** The serious and critical violations on the page as it is now, one line each. */
async function serious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact ?? ''}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

// Each test runs axe about fifteen times (every view at three widths), several seconds each on a
// loaded two-core machine: far more than the suite's 45 s per test.
test.describe.configure({ timeout: 240_000 });

for (const scheme of ['light', 'dark'] as const) {
  test(`onboarding, the new key and the sign-in page have no serious violations (${scheme})`, async ({
    page,
    server,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(server.ui);
      await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
      expect(await serious(page), `onboarding at ${size.width}px`).toEqual([]);
      // A failed connect: the errors next to their fields.
      await page.getByRole('button', { name: 'Connect' }).click();
      await expect(page.locator('.field-error').first()).toBeVisible();
      expect(await serious(page), `onboarding errors at ${size.width}px`).toEqual([]);
    }
    await page.getByRole('button', { name: 'Create a local account' }).click();
    await expect(page.getByRole('heading', { name: 'Keep your new key' })).toBeVisible();
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      expect(await serious(page), `new key at ${size.width}px`).toEqual([]);
    }
    await page.goto(new URL('/', server.base).toString());
    await page.evaluate(() => {
      localStorage.clear();
    });
    await page.goto(new URL('/somewhere', server.base).toString());
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      expect(await serious(page), `sign-in at ${size.width}px`).toEqual([]);
    }
  });

  test(`the dashboard, ledger, settings and Local API panels and a dialog have no serious violations (${scheme})`, async ({
    page,
    freshDemo,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await expect(page.getByTestId('balance-chart')).toBeVisible();
      expect(await serious(page), `panels at ${size.width}px`).toEqual([]);
    }
    await page
      .locator('#ledger')
      .getByRole('button', { name: /^Delete recurring charge/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      expect(await serious(page), `dialog at ${size.width}px`).toEqual([]);
    }
    // (All of it on the demo server's own page.)
    expect(page.url().startsWith(freshDemo.base)).toBe(true);
  });
}
