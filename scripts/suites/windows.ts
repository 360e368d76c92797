// The Windows suites, under Wine (Debian's wine64) with Windows' own Node 22 from npm, on the same
// checkout: `serve`, the UI in Chromium, the spec endpoints against Linux's, the CLI, the data
// folder (test/windows/*.spec.ts), and the unit suite as far as it runs on win32
// (test/windows/unit.ts). Skipped, with the reason, where Wine is missing outside CI; in CI a
// missing Wine is a failure, not a skip. On Windows itself every suite already runs natively.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Counts, Suite, SuiteHelpers } from '../suite-list.ts';

export default function windowsSuites({ bin, readPlaywright, artifacts }: SuiteHelpers): Suite[] {
  const wine = process.env.WINE64 ?? '/usr/lib/wine/wine64';
  const skipReason = (): string | undefined => {
    if (process.platform === 'win32') return 'this is Windows: the other suites run on it natively';
    if (existsSync(wine) || process.env.CI !== undefined) return undefined;
    return `no Wine at ${wine}: apt-get install -y --no-install-recommends wine64`;
  };
  const scenarios = join(artifacts, 'windows.json');
  const unit = join(artifacts, 'windows-unit.json');
  return [
    {
      name: 'windows',
      command: [...bin('@playwright/test', 'playwright'), 'test', '-c', 'test/windows/playwright.config.ts'],
      env: { PLAYWRIGHT_JSON_OUTPUT_FILE: scenarios },
      reportFile: scenarios,
      read: readPlaywright,
      skipReason,
    },
    {
      name: 'windows-unit',
      command: [process.execPath, 'test/windows/unit.ts', unit],
      reportFile: unit,
      read: (report) => report as Counts,
      skipReason,
    },
  ];
}
