// Registers the Playwright suite (test/e2e) with the test runner: Debian's Chromium against the
// real headless server. Skipped, with the reason, only where Chromium is missing outside CI; in
// CI a missing browser is a failure, not a skip.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Suite, SuiteHelpers } from '../test-all.ts';

export default function browserSuites(helpers: SuiteHelpers): Suite[] {
  const reportFile = join(helpers.artifacts, 'browser.json');
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return [
    {
      name: 'browser',
      // `env` sets where Playwright's JSON reporter writes (the runner passes no environment).
      command: [
        'env',
        `PLAYWRIGHT_JSON_OUTPUT_FILE=${reportFile}`,
        'playwright',
        'test',
        '--config',
        'playwright.config.ts',
      ],
      reportFile,
      read: helpers.readPlaywright,
      skipReason: () =>
        existsSync(chromium) || process.env.CI !== undefined
          ? undefined
          : `no Chromium at ${chromium}: apt-get install -y --no-install-recommends chromium fonts-liberation`,
    },
  ];
}
