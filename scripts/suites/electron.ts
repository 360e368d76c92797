// The Electron end-to-end suite (test/electron): runs where the Electron binary is installed;
// elsewhere it is reported skipped with the reason (design brief point 8).
import { join } from 'node:path';
import { findElectronBinary } from '../../src-main/desktop/electron-binary.ts';
import type { Suite, SuiteHelpers } from '../test-all.ts';

interface BundleReport {
  passed: number;
  failed: number;
}

export default function electronSuites({ readPlaywright, artifacts }: SuiteHelpers): Suite[] {
  const reportFile = join(artifacts, 'electron.json');
  const binary = findElectronBinary(process.cwd());
  // Without a display (CI), Electron runs under a virtual one.
  const display =
    process.platform === 'linux' && (process.env.DISPLAY ?? '') === '' ? ['xvfb-run', '--auto-servernum'] : [];
  const bundleReport = join(artifacts, 'desktop-bundle.json');
  // Runs everywhere: builds with electron-vite and starts the built main under Node with a fake
  // Electron (test/desktop/bundle-smoke.ts), checking what only the bundle can get wrong.
  const bundle: Suite = {
    name: 'desktop-bundle',
    command: [
      'sh',
      '-c',
      `electron-vite build --logLevel warn && AM_BUNDLE_REPORT=${bundleReport} node --import ./test/desktop/bundle-smoke.ts out/main/index.js`,
    ],
    reportFile: bundleReport,
    read: (report) => ({
      passed: (report as BundleReport).passed,
      failed: (report as BundleReport).failed,
      skipped: 0,
    }),
  };
  return [
    bundle,
    {
      name: 'electron',
      command: [
        ...display,
        'env',
        `AM_ELECTRON_REPORT=${reportFile}`,
        'playwright',
        'test',
        '-c',
        'test/electron/playwright.config.ts',
      ],
      reportFile,
      read: readPlaywright,
      skipReason: () => (binary.found ? undefined : 'Electron binary not installed'),
    },
  ];
}
