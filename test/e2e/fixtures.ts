// Playwright fixtures: every test gets its own server over a fresh data folder.
// `server`: no key stored (onboarding). `demo`: demo data made with the CLI, whose key the
// test knows (to call the spec endpoints itself), pasted into the window.
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cli, newDataDir, removeDataDir, ROOT, startServer, type RunningServer } from './server.ts';

export const SHOTS = join(ROOT, '.test-artifacts/screenshots');
/** The screenshots the README shows (docs/screenshots), made by screenshots.spec.ts. */
const DOCS_SHOTS = new Set([
  'dashboard',
  'dashboard-dark',
  'narrow',
  'ledger-tools',
  'provider-down',
  'provider-down-narrow',
]);

export type DemoServer = RunningServer & { key: string };

interface Fixtures {
  /** A fresh server with no key stored (onboarding). */
  server: RunningServer;
  /** The worker's demo server, with the window set up (tests judge changes relative to before). */
  demo: DemoServer;
  /** A demo server of the test's own, for tests that break it (revoke the key, stop it). */
  freshDemo: DemoServer;
  /** Fails any test whose page threw an uncaught error (a React crash, a bad render). */
  noPageErrors: undefined;
}

interface WorkerFixtures {
  sharedDemo: DemoServer;
}

async function startDemo(): Promise<DemoServer> {
  const dir = newDataDir();
  const key = cli(dir, ['demo']);
  return { ...(await startServer(dir)), key };
}

/** Opens the window; pastes the key when the server does not hold it yet. */
async function openWith(page: Page, server: DemoServer): Promise<void> {
  await page.goto(server.ui);
  const setup = page.getByRole('heading', { name: 'Set up Account Monitor' });
  const dashboard = page.getByRole('heading', { name: 'Dashboard' });
  await expect(setup.or(dashboard)).toBeVisible();
  if (await setup.isVisible()) {
    await page.getByLabel('Key of an account in this app').fill(server.key);
    await page.getByRole('button', { name: 'Use this key' }).click();
  }
  await expect(dashboard).toBeVisible();
  await expect(page.getByTestId('balance-now')).toBeVisible();
  // The other panels come in chunks of their own (issue 36), fetched once the window is idle:
  // tests find them whole, not their placeholders (which the panels replace, element and all).
  await expect(page.locator('.part-loading')).toHaveCount(0);
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  noPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => {
        errors.push(error.message);
      });
      await use(undefined);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; none here
  server: async ({}, use) => {
    const dir = newDataDir();
    const server = await startServer(dir);
    try {
      await use(server);
    } finally {
      await server.stop();
      removeDataDir(dir);
    }
  },
  sharedDemo: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      const server = await startDemo();
      try {
        await use(server);
      } finally {
        await server.stop();
        removeDataDir(server.dataDir);
      }
    },
    { scope: 'worker' },
  ],
  demo: async ({ page, sharedDemo }, use) => {
    await openWith(page, sharedDemo);
    await use(sharedDemo);
  },
  freshDemo: async ({ page }, use) => {
    const server = await startDemo();
    try {
      await openWith(page, server);
      await use(server);
    } finally {
      await server.stop();
      removeDataDir(server.dataDir);
    }
  },
});

export { expect };

/** Saves a screenshot of a panel (or the page) as a test artifact. */
export async function shot(target: Page | Locator, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  // The sticky top bar would cover the top of a panel scrolled into view.
  const page = 'page' in target ? target.page() : target;
  await page.addStyleTag({ content: '.app-header { position: static !important; }' });
  await target.screenshot({ path, animations: 'disabled' });
  // The README's pictures are refreshed only on request, so test runs leave the tree clean.
  if (DOCS_SHOTS.has(name) && process.env.UPDATE_DOCS_SCREENSHOTS === '1') {
    mkdirSync(join(ROOT, 'docs/screenshots'), { recursive: true });
    copyFileSync(path, join(ROOT, `docs/screenshots/${name}.png`));
  }
  return path;
}

/** The spec endpoint, called as a script would, with the key. */
export async function specXml(
  page: Page,
  server: DemoServer,
  path: string,
  params: Record<string, string> = {},
): Promise<string> {
  const url = new URL(path, server.base);
  url.searchParams.set('key', server.key);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const response = await page.request.get(url.toString());
  expect(response.status()).toBe(200);
  return response.text();
}

export function xmlValue(xml: string, element: string): string | undefined {
  return new RegExp(`<${element}>([^<]*)</${element}>`).exec(xml)?.[1];
}

/** After creating an account in the window: its key is shown once; the user keeps it and goes on. */
export async function keepNewKey(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Keep your new key' })).toBeVisible();
  const key = (await page.getByTestId('new-key').textContent()) ?? '';
  expect(key).toMatch(/^\S{16,}$/);
  await page.getByRole('button', { name: "I've saved it" }).click();
  return key;
}
