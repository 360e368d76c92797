// The access token and the browser's history (issue 26), in a real Chromium with a profile of
// its own, whose History database is read afterwards as a history sync would read it:
// - signing in through the sign-in page's form (a POST) leaves the token in no history entry
//   (a GET form made one: `/?token=...`), and a reload afterwards asks nothing again;
// - the printed address carries the token in its fragment: no request the browser sends
//   carries it, and the page drops it from the address at once;
// - an address with `?token=` (a bookmark) still opens the window and is cleaned at once.
import { chromium, type BrowserContext } from '@playwright/test';
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { newDataDir, removeDataDir, startServer, type RunningServer } from './server.ts';

let server: RunningServer;
let profile: string;
let context: BrowserContext;

test.beforeEach(async () => {
  server = await startServer(newDataDir(), { keptToken: true });
  profile = mkdtempSync(join(tmpdir(), 'am-e2e-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-sync', '--no-first-run'],
  });
});
test.afterEach(async () => {
  await context.close().catch(() => undefined);
  await server.stop();
  removeDataDir(server.dataDir);
  rmSync(profile, { recursive: true, force: true });
});

/** Every address the browser's history holds, read after the browser has closed (it writes on close). */
async function historyUrls(): Promise<string[]> {
  await context.close();
  const file = join(profile, 'Default', 'History');
  if (!existsSync(file)) return [];
  const copy = join(profile, 'history-copy.sqlite');
  copyFileSync(file, copy);
  const db = new Database(copy, { readonly: true });
  try {
    return db
      .prepare<[], { url: string }>('SELECT url FROM urls')
      .all()
      .map((r) => r.url);
  } finally {
    db.close();
  }
}

test('signing in through the sign-in page leaves the token in no history entry', async () => {
  const page = await context.newPage();
  const response = await page.goto(new URL('/some/bookmark', server.base).toString());
  expect(response?.status()).toBe(401);
  await page.getByLabel('Access token, or the address the service printed').fill(server.ui);
  await page.getByRole('button', { name: 'Open Account Monitor' }).click();
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  expect(page.url()).toBe(server.base);
  expect(await page.evaluate(() => document.querySelector('meta[name="account-monitor-token"]'))).toBeNull();
  // A reload is a plain visit of the page (the form is not sent again), and the tab is still signed in.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url() === server.base) posts.push(r.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  expect(posts).toEqual([]);
  const urls = await historyUrls();
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.filter((u) => u.includes(server.token))).toEqual([]);
});

test('the printed address sends its token nowhere and drops it from the address at once', async () => {
  expect(server.ui).toBe(`${server.base}#token=${server.token}`);
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (r) => {
    sent.push(`${r.url()} ${JSON.stringify(r.headers())}`);
  });
  await page.goto(server.ui);
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  expect(page.url()).toBe(server.base);
  expect(sent.length).toBeGreaterThan(1);
  // The page sends it only as its bearer header, never in an address or a Referer.
  expect(
    sent.filter((s) => s.includes(server.token) && !s.includes(`"authorization":"Bearer ${server.token}"`)),
  ).toEqual([]);
});

test('an address with ?token= (a bookmark) still opens the window and is cleaned at once', async () => {
  const page = await context.newPage();
  await page.goto(`${server.base}?token=${server.token}`);
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  expect(page.url()).toBe(server.base);
  expect(await page.evaluate(() => localStorage.getItem('account-monitor.access-token'))).toBe(server.token);
});
