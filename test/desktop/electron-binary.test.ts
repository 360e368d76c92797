import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../src-main/desktop/launcher/electron-binary.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'am-electron-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function layout(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('findElectronBinary (never requires electron)', () => {
  it('says the package is missing', () => {
    expect(findElectronBinary(root, {})).toEqual({
      found: false,
      reason: `Electron binary not installed (the electron package is missing: ${join('node_modules', 'electron')})`,
    });
  });
  it('says the download was skipped when path.txt is missing', () => {
    layout({ 'node_modules/electron/package.json': '{}' });
    expect(findElectronBinary(root, {})).toEqual({
      found: false,
      reason: `Electron binary not installed (${join('node_modules', 'electron', 'path.txt')} missing: its download was skipped or blocked)`,
    });
  });
  it('says which file is missing when path.txt names nothing there', () => {
    layout({ 'node_modules/electron/package.json': '{}', 'node_modules/electron/path.txt': 'electron' });
    expect(findElectronBinary(root, {})).toEqual({
      found: false,
      reason: `Electron binary not installed (${join('node_modules', 'electron', 'dist', 'electron')} missing)`,
    });
  });
  it('finds the binary under dist/, or under ELECTRON_OVERRIDE_DIST_PATH', () => {
    layout({
      'node_modules/electron/package.json': '{}',
      'node_modules/electron/path.txt': 'electron\n',
      'node_modules/electron/dist/electron': '',
      'elsewhere/electron': '',
    });
    expect(findElectronBinary(root, {})).toEqual({
      found: true,
      path: join(root, 'node_modules/electron/dist/electron'),
    });
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: join(root, 'elsewhere') })).toEqual({
      found: true,
      path: join(root, 'elsewhere/electron'),
    });
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: join(root, 'nowhere') }).found).toBe(false);
  });
});
