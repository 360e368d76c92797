// `npm run bench -- --against REF`: a build that cannot be had stops the run before anything is
// measured, with one line saying why and exit 2; a checkout on disk is taken as it is.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareOtherBuild } from '../../bench/lib/other-build.ts';
import { ROOT } from '../../bench/lib/procs.ts';

const empty = mkdtempSync(join(tmpdir(), 'am-other-build-'));
afterAll(() => {
  rmSync(empty, { recursive: true, force: true });
});

function bench(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bench', 'run.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bench --against', () => {
  it('refuses a name that is neither a folder nor a commit, before measuring', () => {
    const r = bench('--only=none', '--against=no-such-ref-of-this-repo');
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(
      '--against no-such-ref-of-this-repo: neither a folder nor a commit of this repository',
    );
    expect(r.stdout).not.toContain('bench ');
  });

  it('refuses a folder that holds no installed checkout, naming the fix', () => {
    const r = bench('--only=none', '--against', empty);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(
      `--against ${empty}: the folder has no bin/account-monitor.js or no node_modules (run npm ci there)`,
    );
  });

  it('asks for a value when none is given', () => {
    const r = bench('--only=none', '--against');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--against needs a commit of this repository or a folder');
  });

  it('takes an installed checkout as it is, named by its commit', () => {
    const other = prepareOtherBuild(ROOT);
    expect(other.root).toBe(ROOT);
    expect(other.cli).toBe(join(ROOT, 'bin', 'account-monitor.js'));
    const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
    expect(other.label).toBe(head === '' ? ROOT : head);
  });
});
