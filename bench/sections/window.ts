// The window's first load (issue 36): in Chromium through Playwright, from navigation to the
// demo account's chart drawn (its recorded line in the page), each time in a fresh browser
// context (nothing cached, as a window first opened), against an empty page of the same server
// (the sign-in page: HTML and no script) measured in the same rounds; the median of 7. Times are
// the page's own (performance.now() from the navigation's start, read when the element appears),
// so Playwright's round trips are not counted. Beside it, the JavaScript the page fetches before
// it can draw, at gzip's best level (lib/first-load.ts).
import { chromium, type Browser } from '@playwright/test';
import type { Figure } from '../lib/figures.ts';
import { firstLoadOf } from '../lib/first-load.ts';
import { median } from '../lib/median.ts';
import { startService, stop } from '../lib/procs.ts';
import { makeDemo } from './demo.ts';
import type { Workdir } from './workdir.ts';

const RUNS = 7;
/** The chart is drawn: its recorded line is in the page. */
const DRAWN = '[data-testid="balance-chart"] path.chart-line';
const TOKEN = 'bench-window-token';

/** Milliseconds from the start of navigating to `url` until `selector` is in the page, in a fresh context. */
async function timeTo(browser: Browser, url: string, selector: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await page.addInitScript((wanted: string) => {
      const w = window as unknown as { __seenAt?: number };
      const look = () => {
        if (w.__seenAt === undefined && document.querySelector(wanted) !== null) {
          w.__seenAt = performance.now();
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(look);
      observer.observe(document, { childList: true, subtree: true });
    }, selector);
    await page.goto(url, { waitUntil: 'commit' });
    const at = await page.waitForFunction(() => (window as unknown as { __seenAt?: number }).__seenAt, undefined, {
      timeout: 30_000,
    });
    return (await at.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

export async function windowFigures(work: Workdir): Promise<Figure[]> {
  const size = firstLoadOf();
  // A demo folder of its own: the window's key is stored in it, which the other sections' must not hold.
  const demo = await makeDemo(work.path('window-demo'));
  const service = await startService(
    demo.dir,
    // No keychain: the bench must never touch the user's, and the window then says "session only".
    { ACCOUNT_MONITOR_TOKEN: TOKEN, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/account-monitor-bench' },
    [],
    false,
  );
  const ui = `${service.origin}/#token=${TOKEN}`;
  const empty = `${service.origin}/bench-empty-page`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    // Once: the window is given the demo's key, as a user does on first opening it.
    const setup = await browser.newPage();
    await setup.goto(ui);
    await setup.getByLabel('Key of an account in this app').fill(demo.key);
    await setup.getByRole('button', { name: 'Use this key' }).click();
    await setup.locator(DRAWN).first().waitFor();
    await setup.close();
    // A warm-up of each (Chromium's own first start), then the rounds, taking turns.
    await timeTo(browser, empty, 'h1');
    await timeTo(browser, ui, DRAWN);
    const drawn: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      bare.push(await timeTo(browser, empty, 'h1'));
      drawn.push(await timeTo(browser, ui, DRAWN));
    }
    const kb = (bytes: number) => bytes / 1000;
    return [
      {
        section: 'window',
        name: 'window first load, navigation to the chart drawn',
        value: median(drawn),
        unit: 'ms',
        baseline: median(bare),
        baselineLabel: 'empty page, same server',
        target: '< 250 ms',
        check: { op: '<', limit: 250, on: 'value' },
        note: `Chromium, fresh context each time, median of ${RUNS}; min ${Math.min(...drawn).toFixed(0)}, max ${Math.max(...drawn).toFixed(0)} ms`,
      },
      {
        section: 'window',
        name: "window first load's JavaScript, gzip -9",
        value: kb(size.gzipBytes),
        unit: 'KB',
        baseline: kb(size.allGzipBytes),
        baselineLabel: 'all of the window',
        target: '<= 120 KB',
        check: { op: '<=', limit: 120, on: 'value' },
        note: `${size.files.length} files before the dashboard draws; the rest loaded when shown or idle`,
      },
    ];
  } finally {
    await browser.close();
    await stop(service.child);
  }
}
