// Axe at desktop and phone widths: no serious or critical violation, and nothing wider than the
// screen (the same check as ledger-tools' walks, shared by the week's walks).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

async function serious(page: Page, part: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(part).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Nothing wider than `width`, waited for: after a resize the chart is drawn again on a later frame,
 * so a width read at once can still be the wider window's (seen: 1156 px just after 1280 -> 390).
 */
export async function expectFitsWidth(page: Page, width: number, what = `page width at ${width}px`): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: what })
    .toBeLessThanOrEqual(width);
}

/** `part`: the CSS selector of what the walk changed (axe on the whole dashboard takes minutes on a loaded machine). */
export async function checkAccess(page: Page, what: string, part: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    expect(await serious(page, part), `${what} at ${size.width}px`).toEqual([]);
    await expectFitsWidth(page, size.width, `${what}: page width at ${size.width}px`);
  }
  await page.setViewportSize(WIDTHS[0] ?? { width: 1280, height: 900 });
}
