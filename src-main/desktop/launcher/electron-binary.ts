// Is the Electron binary installed? Answered from the files the electron package leaves behind,
// never with require('electron'): from Electron 42 on that starts a download (design brief 8).
// Pure Node: used by `npm start` and the Electron test suite, never by the Electron main.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export type ElectronBinary = { found: true; path: string } | { found: false; reason: string };

export function findElectronBinary(projectRoot: string, env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  const pkg = join(projectRoot, 'node_modules', 'electron');
  const shown = (path: string): string => relative(projectRoot, path) || path;
  if (!existsSync(join(pkg, 'package.json'))) {
    return { found: false, reason: `Electron binary not installed (the electron package is missing: ${shown(pkg)})` };
  }
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      found: false,
      reason: `Electron binary not installed (${shown(pathFile)} missing: its download was skipped or blocked)`,
    };
  }
  const executable = readFileSync(pathFile, 'utf8').trim();
  // The same override the electron package itself honours.
  const distDir = env.ELECTRON_OVERRIDE_DIST_PATH?.trim() || join(pkg, 'dist');
  const binary = join(distDir, executable);
  if (executable === '' || !existsSync(binary)) {
    return { found: false, reason: `Electron binary not installed (${shown(binary)} missing)` };
  }
  return { found: true, path: binary };
}
