// Launches the desktop app with a temporary data folder and sees the dashboard through app://;
// also that the window is locked down and the local API moves, and a smoke test of what only a
// real Electron can show (the page's scripts ran, the tray was made, a notification was shown,
// quitting ends the process with 0). Run where Electron is installed: `npm start` fetches it once,
// then `npx playwright test -c test/electron/playwright.config.ts` (under `xvfb-run -a` without a
// display; a notification daemon must answer for the notification check, on Linux e.g. dunst). The tray has no API Electron
// could be asked about: what it shows is checked against the recording fake of Electron
// (test/desktop/main.test.ts), not through a probe in production code.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { findElectronBinary } from '../../src-main/desktop/launcher/electron-binary.ts';
import { toolCommand } from '../../src-main/desktop/launcher/tools.ts';

const root = join(import.meta.dirname, '..', '..');
const binary = findElectronBinary(root);

test.skip(!binary.found, binary.found ? '' : binary.reason);

let app: ElectronApplication;
let dataDir: string;
/** What the main process logged (it logs every navigation it blocks). */
let mainLog = '';

test.beforeAll(() => {
  // The build tool's own entry point, run by this Node: a .bin shim does not spawn on Windows.
  const build = toolCommand(root, 'electron-vite', ['build']);
  const built = spawnSync(build.command, build.args, {
    cwd: root,
    stdio: 'inherit',
  });
  expect(built.status).toBe(0);
});

test.beforeEach(async () => {
  if (!binary.found) return;
  dataDir = mkdtempSync(join(tmpdir(), 'am-electron-e2e-'));
  app = await electron.launch({
    executablePath: binary.path,
    args: [root, ...(process.platform === 'linux' ? ['--no-sandbox', '--disable-gpu'] : [])],
    env: {
      ...process.env,
      ACCOUNT_MONITOR_DATA_DIR: dataDir,
      ACCOUNT_MONITOR_KEYCHAIN: 'off',
      ACCOUNT_MONITOR_PORT: '0',
      ACCOUNT_MONITOR_TZ: 'Europe/London',
      ACCOUNT_MONITOR_NOW: '2026-11-22T10:35:00',
      ACCOUNT_MONITOR_TRAY: 'on',
    },
  });
  mainLog = '';
  app.process().stderr?.on('data', (chunk: Buffer) => {
    mainLog += chunk.toString('utf8');
  });
});

test.afterEach(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('shows the dashboard over app://', async () => {
  const page = await app.firstWindow();
  expect(page.url()).toBe('app://account-monitor/');
  await page.getByRole('button', { name: 'Start with demo data' }).click();
  await page.getByRole('button', { name: "I've saved it" }).click();
  await expect(page.getByTestId('balance-chart')).toBeVisible();
});

test('keeps the window locked down', async () => {
  const page = await app.firstWindow();
  // No Node in the page (nodeIntegration off, context isolated): only the preload's functions.
  expect(
    await page.evaluate(() => [
      typeof (globalThis as { require?: unknown }).require,
      typeof (globalThis as { process?: unknown }).process,
    ]),
  ).toEqual(['undefined', 'undefined']);
  expect(
    await page.evaluate(() =>
      Object.keys((globalThis as { accountMonitorDesktop?: object }).accountMonitorDesktop ?? {}).sort(),
    ),
  ).toEqual(['apiState', 'launchAtLogin', 'setApiPort', 'setLaunchAtLogin']);
  expect(await page.evaluate(() => window.open('https://example.com/') === null)).toBe(true);
  await page.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await expect.poll(() => mainLog).toContain('blocked navigation to https://example.com/');
  expect(page.url()).toBe('app://account-monitor/');
  // Permission requests are denied.
  expect(await page.evaluate(async () => (await navigator.permissions.query({ name: 'geolocation' })).state)).not.toBe(
    'granted',
  );
  const csp = await page.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
  expect(csp).toContain("script-src 'self'");
});

test('moves the local API to another port from the app', async () => {
  const page = await app.firstWindow();
  // page.evaluate runs its function in the page, so each one names the preload's API itself.
  type Desktop = {
    setApiPort(
      port: unknown,
    ): Promise<{ ok: boolean; message?: string; state: { url: string | null; listening: boolean } }>;
  };
  expect(
    await page.evaluate(
      async () =>
        (await (globalThis as unknown as { accountMonitorDesktop: Desktop }).accountMonitorDesktop.setApiPort(80))
          .message,
    ),
  ).toMatch(/reserved for system services/);
  const moved = await page.evaluate(() =>
    (globalThis as unknown as { accountMonitorDesktop: Desktop }).accountMonitorDesktop.setApiPort(0),
  );
  expect(moved.ok).toBe(true);
  expect(moved.state.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  const status = await page.evaluate(
    async () => (await (await fetch('/app/status')).json()) as { api: { baseUrl: string | null; listening: boolean } },
  );
  expect(status.api).toEqual({ baseUrl: moved.state.url, listening: true });
});

test("smoke: the page's scripts ran (a chart is drawn), the tray was made, a notification was shown, quitting exits 0", async () => {
  const page = await app.firstWindow();
  await page.getByRole('button', { name: 'Start with demo data' }).click();
  await page.getByRole('button', { name: "I've saved it" }).click();
  // Drawn by the bundle's scripts (React and the chart), not only served.
  const chart = page.getByTestId('balance-chart');
  await expect(chart.locator('path.chart-line').first()).toBeVisible();
  expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(20);
  await expect.poll(() => mainLog).toContain('tray: icon made');
  // A warning level above the balance: the monitor's alert, shown as a desktop notification.
  await page.evaluate(async () => {
    const status = (await (await fetch('/app/status')).json()) as { accounts: { id: number }[] };
    const id = status.accounts[0]?.id;
    const url = `/app/accounts/${String(id)}/settings`;
    const settings = (await (await fetch(url)).json()) as Record<string, unknown>;
    await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...settings, warningEnabled: true, warningLevel: 100_000_000 }),
    });
  });
  await expect.poll(() => mainLog, { timeout: 30_000 }).toMatch(/notification shown: Balance is low/);
  const exited = new Promise<number | null>((done) => {
    app.process().once('exit', (code) => {
      done(code);
    });
  });
  await app.evaluate(({ app: electronApp }) => {
    electronApp.quit();
  });
  expect(await exited).toBe(0);
});
