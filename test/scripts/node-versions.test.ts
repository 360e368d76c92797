// Node versions, told the truth: package.json's `engines` names the Node that runs the app's
// command (bin/account-monitor.js refuses anything older, in one line), and `devEngines` the Node
// that runs npm's commands here (npm ci, npm start, npm test, npm run cli: their scripts run the
// project's own Node 24, the `node` devDependency). On an older Node, `npm ci` prints no wall of
// EBADENGINE warnings: each was about a package that runs only under the pinned Node 24 (.npmrc).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string; onFail: string } };
};

/** The first `node` on PATH outside this project's node_modules: the machine's own Node. */
function systemNode(): { path: string; version: string } | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '' || dir.includes('node_modules')) continue;
    const path = join(dir, 'node');
    if (existsSync(path)) return { path, version: spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim() };
  }
  return undefined;
}

/** npm's own entry point beside that Node (npm-cli.js), so npm runs on it and not on Node 24. */
function npmOf(node: string): string | undefined {
  const candidates = [join(node, '../../lib/node_modules/npm/bin/npm-cli.js'), '/usr/share/nodejs/npm/bin/npm-cli.js'];
  return candidates.find((file) => existsSync(file));
}

describe('Node versions', () => {
  it('engines names the Node the command needs, the one its refusal names', () => {
    const bin = readFileSync(join(ROOT, 'bin/account-monitor.js'), 'utf8');
    const named = /needs Node (\d+)\.(\d+) or newer/.exec(bin);
    expect(named).not.toBeNull();
    expect(manifest.engines.node).toBe(`^${named?.[1] ?? ''}.${named?.[2] ?? ''}.0 || >=23.6.0`);
    expect(bin).toContain('(major === 23 && minor < 6)');
    expect(manifest.devEngines.runtime).toEqual({ name: 'node', version: '>=20.17', onFail: 'error' });
  });

  const node = systemNode();
  const older = node !== undefined && Number(node.version.slice(1).split('.')[0]) < 22;
  const npm = node === undefined ? undefined : npmOf(node.path);
  it.skipIf(!older || npm === undefined)(
    `npm ci on an older Node prints no EBADENGINE warning (${older && npm !== undefined ? `${node.version}, ${npm}` : 'skipped: no Node older than 22 with its npm on this machine'})`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'am-npm-ci-'));
      try {
        for (const file of ['package.json', 'package-lock.json', '.npmrc'])
          copyFileSync(join(ROOT, file), join(dir, file));
        // A dry run builds the same tree and checks the same engines, and changes nothing.
        const run = spawnSync(
          node?.path ?? 'node',
          [npm ?? '', 'ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'],
          {
            cwd: dir,
            encoding: 'utf8',
            timeout: 120_000,
          },
        );
        expect(run.status, run.stderr).toBe(0);
        expect(`${run.stdout}${run.stderr}`).not.toMatch(/EBADENGINE|EBADDEVENGINES|npm warn/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
