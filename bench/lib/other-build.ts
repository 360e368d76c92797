// `--against=REF`: another build of this app (a commit, or a checkout on disk) measured beside
// this one in the same run, so a change's cost is read on the same machine at the same moment,
// not against a table published from a machine in another state.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT } from './procs.ts';

export interface OtherBuild {
  /** The checkout's folder, with its node_modules. */
  root: string;
  /** Its CLI, as the bench starts this build's. */
  cli: string;
  /** How tables name it: the short commit, or the folder. */
  label: string;
}

function git(args: string[], cwd = ROOT): string | undefined {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function cliOf(root: string): string {
  return join(root, 'bin', 'account-monitor.js');
}

function ready(root: string): boolean {
  return existsSync(cliOf(root)) && existsSync(join(root, 'node_modules'));
}

/**
 * A folder with a built checkout of `spec`: the folder itself when it holds one, else the commit
 * `spec` names in this repository, unpacked once (git archive, so the repository's worktree list
 * is left alone) into the system's temporary folder and installed with `npm ci`, reused by later
 * runs. Throws a one-line reason when neither can be had.
 */
export function prepareOtherBuild(spec: string): OtherBuild {
  const asDir = resolve(spec);
  if (existsSync(asDir)) {
    if (!ready(asDir))
      throw new Error(
        `--against ${spec}: the folder has no bin/account-monitor.js or no node_modules (run npm ci there)`,
      );
    const short = git(['rev-parse', '--short', 'HEAD'], asDir);
    return { root: asDir, cli: cliOf(asDir), label: short ?? asDir };
  }
  const sha = git(['rev-parse', '--verify', '--quiet', `${spec}^{commit}`]);
  if (sha === undefined) throw new Error(`--against ${spec}: neither a folder nor a commit of this repository`);
  const short = sha.slice(0, 9);
  const root = join(tmpdir(), `account-monitor-bench-${short}`);
  if (!ready(root)) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    console.log(`   unpacking ${short} into ${root} and installing it (npm ci), once`);
    const archive = spawnSync('sh', ['-c', `git archive ${sha} | tar -x -C "$0"`, root], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (archive.status !== 0) throw new Error(`--against ${spec}: git archive of ${short} failed`);
    // Electron's binary is not needed to serve the API, and cannot be had on every machine.
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    });
    if (install.status !== 0 || !ready(root)) {
      rmSync(root, { recursive: true, force: true });
      throw new Error(`--against ${spec}: npm ci failed in the unpacked ${short}`);
    }
  }
  return { root, cli: cliOf(root), label: short };
}
