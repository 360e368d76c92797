// The Electron end-to-end suite (test/electron): runs where the Electron binary is installed;
// elsewhere it is reported skipped with the reason (design brief point 8).
import { join } from 'node:path';
import { findElectronBinary } from '../../src-main/desktop/electron-binary.ts';
import type { Suite, SuiteHelpers } from '../test-all.ts';

export default function electronSuites({ readPlaywright, artifacts }: SuiteHelpers): Suite[] {
  const reportFile = join(artifacts, 'electron.json');
  const binary = findElectronBinary(process.cwd());
  // Without a display (CI), Electron runs under a virtual one.
  const display = process.platform === 'linux' && (process.env.DISPLAY ?? '') === '' ? ['xvfb-run', '--auto-servernum'] : [];
  return [{
    name: 'electron',
    command: [...display, 'env', `AM_ELECTRON_REPORT=${reportFile}`, 'playwright', 'test', '-c', 'test/electron/playwright.config.ts'],
    reportFile,
    read: readPlaywright,
    skipReason: () => (binary.found ? undefined : 'Electron binary not installed'),
  }];
}
