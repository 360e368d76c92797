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

/** `part`: the CSS selector of what the walk changed (axe on the whole dashboard takes minutes on a loaded machine). */
export async function checkAccess(page: Page, what: string, part: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    expect(await serious(page, part), `${what} at ${size.width}px`).toEqual([]);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, `${what}: page width at ${size.width}px`).toBeLessThanOrEqual(size.width);
  }
  await page.setViewportSize(WIDTHS[0] ?? { width: 1280, height: 900 });
}
