// Builds the renderer when out/renderer is missing or older than its sources (src-renderer and
// src-shared), so the server serves what the tests are about (npm ci builds it too, through
// `prepare`).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server.ts';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export default function globalSetup(): void {
  const built = join(ROOT, 'out/renderer/index.html');
  // src-shared too: the window is built from it (its rules and words).
  const sources = Math.max(
    newestMtime(join(ROOT, 'src-renderer')),
    newestMtime(join(ROOT, 'src-shared')),
    statSync(join(ROOT, 'vite.config.ts')).mtimeMs,
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--config', join(ROOT, 'vite.config.ts'), '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
