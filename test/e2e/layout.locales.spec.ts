// Narrow screens and 200% zoom (a 1280 px window at 200% is 640 CSS px wide): no view scrolls
// sideways, and the header takes at most a quarter of the screen or does not stick.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const SIZES = [
  { width: 320, height: 640 },
  { width: 375, height: 740 },
  { width: 400, height: 800 },
  { width: 640, height: 450 },
];

async function layout(page: Page): Promise<{ sideways: number; header: number; sticky: boolean; wide: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const header = document.querySelector('.app-header');
    const position = header === null ? 'static' : getComputedStyle(header).position;
    // What sticks out, to say where the fault is.
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return {
      sideways: root.scrollWidth - root.clientWidth,
      header: header?.getBoundingClientRect().height ?? 0,
      sticky: position === 'sticky' || position === 'fixed',
      wide,
    };
  });
}

test('onboarding fits every narrow width', async ({ page, server }) => {
  await page.goto(server.ui);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
    const l = await layout(page);
    expect(l.sideways, `${size.width}px: ${l.wide.join(', ')}`).toBeLessThanOrEqual(0);
  }
});

test('every panel fits every narrow width, and the header stays small or scrolls away', async ({ page, freshDemo }) => {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByTestId('balance-chart')).toBeVisible();
    // Scrolled down into the ledger, as a user reading it would be.
    await page.locator('#ledger').scrollIntoViewIfNeeded();
    const l = await layout(page);
    expect(l.sideways, `${size.width}px: ${l.wide.join(', ')}`).toBeLessThanOrEqual(0);
    if (l.sticky) expect(l.header, `header at ${size.width}x${size.height}`).toBeLessThanOrEqual(size.height / 4);
  }
  // (All of it on the demo server's own page.)
  expect(page.url().startsWith(freshDemo.base)).toBe(true);
});
