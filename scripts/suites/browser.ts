// Registers the Playwright suite (test/e2e) with the test runner: Debian's Chromium against the
// real headless server. Skipped, with the reason, only where Chromium is missing outside CI; in
// CI a missing browser is a failure, not a skip.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Suite, SuiteHelpers } from '../suite-list.ts';

export default function browserSuites(helpers: SuiteHelpers): Suite[] {
  const reportFile = join(helpers.artifacts, 'browser.json');
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return [
    {
      name: 'browser',
      command: [...helpers.bin('@playwright/test', 'playwright'), 'test', '--config', 'playwright.config.ts'],
      // Where Playwright's JSON reporter writes.
      env: { PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile },
      reportFile,
      read: helpers.readPlaywright,
      skipReason: () =>
        existsSync(chromium) || process.env.CI !== undefined
          ? undefined
          : `no Chromium at ${chromium}: apt-get install -y --no-install-recommends chromium fonts-liberation`,
    },
  ];
}
