// The Electron end-to-end suite (scripts/suites/electron.ts): Playwright's _electron driving the
// real desktop app built by electron-vite. Runs only where the Electron binary is installed.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  outputDir: '../../.test-artifacts/electron-results',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.AM_ELECTRON_REPORT ?? '.test-artifacts/electron.json' }]],
});
