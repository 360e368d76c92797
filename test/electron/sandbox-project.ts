// A throwaway copy of this project for running `npm start` end to end without touching the real
// one: Electron's installer writes into node_modules/electron (dist/, path.txt), and the build
// writes out/. Sources and the other packages are symlinks; what must resolve paths from its
// own folder is copied: scripts/start.ts (Node resolves a main module's symlinks), the build
// configs and the plugin they import, the electron package itself, and the built web UI (the
// headless fallback serves it).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

export interface SandboxProject {
  dir: string;
  electronDir: string;
  remove(): void;
}

export function sandboxProject(): SandboxProject {
  const dir = mkdtempSync(join(tmpdir(), 'am-sandbox-'));
  for (const name of ['src-main', 'src-shared', 'src-renderer', 'bin', 'resources', 'tsconfig.json'])
    symlinkSync(join(root, name), join(dir, name));
  const copied = [
    'package.json',
    'electron.vite.config.ts',
    'vite.config.ts',
    'scripts/start.ts',
    // What electron.vite.config.ts imports (its config file is bundled to run, and resolves it from here).
    'scripts/phrase-stage-on-demand.ts',
  ];
  for (const name of copied) cpSync(join(root, name), join(dir, name));
  cpSync(join(root, 'out', 'renderer'), join(dir, 'out', 'renderer'), { recursive: true });

  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(root, 'node_modules')))
    if (name !== 'electron') symlinkSync(join(root, 'node_modules', name), join(modules, name));
  // The electron package as npm installs it: its published files, no binary yet.
  const electronDir = join(modules, 'electron');
  const { files } = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as {
    files: string[];
  };
  for (const file of [...files, 'package.json'])
    cpSync(join(root, 'node_modules', 'electron', file), join(electronDir, file), { recursive: true });
  return {
    dir,
    electronDir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
