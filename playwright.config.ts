// Browser end-to-end tests: Debian's Chromium (no Playwright browser download here) against the
// real headless server, one fresh server and data folder per test (see test/e2e/fixtures.ts).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: '.test-artifacts/playwright',
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: false,
  // Each worker runs its own servers; the machine has 2 cores, shared with other work outside CI.
  workers: process.env.CI === undefined ? 1 : 2,
  retries: 0,
  // Generous: the CI machine has two cores shared by two workers, the server and Chromium, and
  // several tests run axe (seconds each) more than once.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  forbidOnly: process.env.CI !== undefined,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '.test-artifacts/browser.json' }],
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    colorScheme: 'light',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  // Everything runs as a UK user; specs named *.locales.spec.ts (the everyday walks: onboarding,
  // the dashboard, the ledger and its tools, settings, access, money, dates, layout, live
  // updates and axe) also run as a US user.
  projects: [
    { name: 'en-GB', use: { locale: 'en-GB', timezoneId: 'Europe/London' } },
    { name: 'en-US', testMatch: '**/*.locales.spec.ts', use: { locale: 'en-US', timezoneId: 'America/New_York' } },
  ],
});
