// The access token in a real browser: the printed address opens the window and leaves the
// address bar without the token; no cookie is ever set; the tab keeps working after the server
// restarts (the token is kept in the data folder), and two servers on two ports live side by
// side in one browser. Without the token, or after `serve --new-token`, the page asks for it.
import { expect, test, keepNewKey } from './fixtures.ts';
import { newDataDir, removeDataDir, startServer, type RunningServer } from './server.ts';

const started: RunningServer[] = [];
const dirs: string[] = [];

test.afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) removeDataDir(d);
});

async function server(options: Parameters<typeof startServer>[1] = {}, dir = newDataDir()): Promise<RunningServer> {
  if (!dirs.includes(dir)) dirs.push(dir);
  const s = await startServer(dir, { keptToken: true, ...options });
  started.push(s);
  return s;
}

test('the printed address opens the window, drops the token from the address bar and sets no cookie', async ({
  page,
  context,
}) => {
  const s = await server();
  await page.goto(s.ui);
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  expect(page.url()).toBe(s.base);
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('account-monitor.access-token'))).toBe(s.token);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
});

test('the open tab keeps working when the server restarts', async ({ page }) => {
  const first = await server();
  const port = Number(new URL(first.base).port);
  await page.goto(first.ui);
  await page.getByRole('button', { name: 'Start with demo data' }).click();
  await keepNewKey(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await first.stop();
  started.splice(started.indexOf(first), 1);
  const again = await server({ port }, first.dataDir);
  expect(again.token).toBe(first.token);
  await page.reload();
  // The key was kept for the session only (no keychain here), so the restarted server asks for
  // a key again; what matters is that the page is let in without signing in.
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to Account Monitor' })).toHaveCount(0);
  await page.goto(first.ui);
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
});

test('two servers on two ports live side by side in one browser', async ({ page, context }) => {
  const a = await server();
  const b = await server();
  expect(a.token).not.toBe(b.token);
  const other = await context.newPage();
  await page.goto(a.ui);
  await other.goto(b.ui);
  await expect(other.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  // Using the second does not lock the first out (a cookie would have been overwritten).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  await page.getByRole('button', { name: 'Start with demo data' }).click();
  await keepNewKey(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  expect(await context.cookies()).toEqual([]);
});

test('without the token any address gives the sign-in page, and pasting the printed address there opens the window', async ({
  page,
}) => {
  const s = await server();
  const response = await page.goto(new URL('/some/bookmark', s.base).toString());
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Account Monitor: sign in' })).toBeVisible();
  await page.getByLabel('Access token, or the address the service printed').fill(s.ui);
  await page.getByRole('button', { name: 'Open Account Monitor' }).click();
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  expect(page.url()).toBe(s.base);
});

test('after serve --new-token the open tab asks for the new token', async ({ page }) => {
  const first = await server();
  const port = Number(new URL(first.base).port);
  await page.goto(first.ui);
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
  await first.stop();
  started.splice(started.indexOf(first), 1);
  const renewed = await server({ port, args: ['--new-token'] }, first.dataDir);
  expect(renewed.token).not.toBe(first.token);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'The access token was not accepted' })).toBeVisible();
  await page.getByLabel('Access token, or the address the service printed').fill(renewed.token);
  await page.getByRole('button', { name: 'Open Account Monitor' }).click();
  await expect(page.getByRole('heading', { name: 'Set up Account Monitor' })).toBeVisible();
});
