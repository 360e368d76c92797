// The Windows suite: the checkout run by Windows' own Node 22 under Wine (test/windows/wine.ts),
// its UI loaded in Linux's Chromium, its spec endpoints compared with Linux's. One worker: each
// Wine process costs a core at start, and the machine has two.
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../.test-artifacts/playwright-windows',
  globalSetup: './global-setup.ts',
  workers: 1,
  // Wine starts a Windows process in about a second, the server in about three.
  timeout: 120_000,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '../../.test-artifacts/windows.json' }],
  ],
  projects: [{ name: 'windows', use: { locale: 'en-GB', timezoneId: 'Europe/London' } }],
});
