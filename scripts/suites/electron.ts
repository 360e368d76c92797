// The Electron suites: the built bundle under a fake Electron (always), `npm start` against a
// loopback mirror of Electron's release server and the packaging check (Linux and macOS), and the
// Playwright end-to-end suite (test/electron), which runs where the Electron binary is installed
// and elsewhere is reported skipped with the reason (design brief point 8).
import { join } from 'node:path';
import { findElectronBinary } from '../../src-main/desktop/launcher/electron-binary.ts';
import type { Suite, SuiteHelpers } from '../suite-list.ts';

interface BundleReport {
  passed: number;
  failed: number;
}

export default function electronSuites({ readPlaywright, artifacts, vitestSuite, bin }: SuiteHelpers): Suite[] {
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
    before: [...bin('electron-vite'), 'build', '--logLevel', 'warn'],
    command: [process.execPath, '--import', './test/desktop/bundle-smoke.ts', 'out/main/index.js'],
    env: { AM_BUNDLE_REPORT: bundleReport },
    reportFile: bundleReport,
    read: (report) => ({
      passed: (report as BundleReport).passed,
      failed: (report as BundleReport).failed,
      skipped: 0,
    }),
  };
  // Without Electron's own download: `npm start` in a sandbox copy of the project against a fake
  // of Electron's release server on loopback (the download, checksum, unpacking, launch and
  // fallbacks), and electron-builder packing the app around a stand-in Electron (test/electron/*.test.ts).
  const offline: Suite = {
    ...vitestSuite('electron-offline', ['--config', 'test/electron/vitest.config.ts']),
    skipReason: () =>
      process.platform === 'win32' ? 'the stand-in Electron binary is a shell script (Linux and macOS)' : undefined,
  };
  return [
    bundle,
    offline,
    {
      name: 'electron',
      command: [
        ...display,
        ...bin('@playwright/test', 'playwright'),
        'test',
        '-c',
        'test/electron/playwright.config.ts',
      ],
      env: { AM_ELECTRON_REPORT: reportFile },
      reportFile,
      read: readPlaywright,
      skipReason: () => (binary.found ? undefined : 'Electron binary not installed'),
    },
  ];
}
