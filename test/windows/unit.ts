// The unit suite run by Windows' own Node under Wine, on the same checkout:
//   node test/windows/unit.ts <report.json>
// The checkout's node_modules holds Linux's platform packages only, so the Windows ones the
// lockfile names (rolldown's binding, which Vite and so Vitest load; lightningcss; the keyring)
// are installed with npm's --os=win32 --cpu=x64 into a folder of their own and found through
// NODE_PATH; better-sqlite3 carries its win32 prebuild in its own package. Every Windows Node it
// starts loads wine-node-shims.ts (a Wine bug, not a Windows one).
//
// A test that cannot run on Windows says so itself (skipped on win32, its reason in its name).
// Test files run in worker threads, not a Windows Node each (seconds per start under Wine).
// Whole files are left out where each case starts Windows Nodes of its own (the CLI's and the
// reliability suites would take the Windows suite far past its 8 minutes of CI); LEFT_OUT says
// which and why, and their tests are counted skipped, never passed (the files run are named to
// vitest one by one, since its --exclude does not reach a project's files). The report
// ({passed, failed, skipped, failures}) joins npm test's line, and its failures npm test's list.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toolEntry } from '../../src-main/desktop/launcher/tools.ts';
import { readVitest, type Counts } from '../../scripts/suite-list.ts';
import { followNode, prepareWine, removeWine, ROOT, winPath } from './wine.ts';

/** Test files and folders (ending in /) not run under Wine, and why. */
export const LEFT_OUT: { paths: string[]; reason: string }[] = [
  {
    paths: ['test/cli/', 'test/reliability/'],
    reason:
      'the CLI and reliability suites run the CLI and serve as processes of their own, seconds per start under Wine; the Windows CLI and serve are tested by the windows suite (test/windows/*.spec.ts)',
  },
  {
    paths: ['test/desktop/start.test.ts'],
    reason: 'npm start itself: npm, and the processes it starts, under Wine',
  },
  {
    paths: ['test/bench/'],
    reason: 'the bench against another checkout (git and npm): no OS behaviour of the app in it',
  },
];

interface LockEntry {
  version?: string;
  os?: string[];
  cpu?: string[];
}

/** The lockfile's packages made for Windows on x64, by name and version. */
function windowsPackages(): Record<string, string> {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const wanted: Record<string, string> = {};
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (entry.version === undefined || entry.os?.includes('win32') !== true) continue;
    if (entry.cpu !== undefined && !entry.cpu.includes('x64')) continue;
    wanted[path.replace(/^.*node_modules\//, '')] = entry.version;
  }
  return wanted;
}

/** Installs them (once per set of versions) into their own folder; answers its node_modules. */
function installWindowsPackages(cache: string): string {
  const wanted = windowsPackages();
  const folder = join(cache, 'win32-x64-packages');
  const modules = join(folder, 'node_modules');
  const installed = Object.entries(wanted).every(([name, version]) => {
    const manifest = join(modules, name, 'package.json');
    return existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as LockEntry).version === version;
  });
  if (installed) return modules;
  mkdirSync(folder, { recursive: true });
  // As optional dependencies: npm checks --os and --cpu against those only (a direct dependency
  // is checked against this machine, and refused).
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name: 'account-monitor-win32-packages', private: true, optionalDependencies: wanted }),
  );
  const npm = spawnSync(
    'npm',
    ['install', '--os=win32', '--cpu=x64', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts'],
    { cwd: folder, stdio: 'inherit', timeout: 300_000 },
  );
  if (npm.status !== 0) throw new Error(`npm install --os=win32 --cpu=x64 failed (${String(npm.status)})`);
  return modules;
}

/** The node project's tests, each with its file relative to the checkout, listed by Linux's Node (collected, not run). */
function listTests(): { file: string; name: string }[] {
  const dir = mkdtempSync(join(tmpdir(), 'am-windows-list-'));
  try {
    const out = join(dir, 'tests.json');
    // --json=FILE, never --json FILE: vitest list would take the next word for a filter.
    const list = spawnSync(
      process.execPath,
      [toolEntry(ROOT, 'vitest'), 'list', '--project', 'node', `--json=${out}`],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    if (list.status !== 0 || !existsSync(out)) throw new Error(`vitest list failed: ${list.stderr}`);
    return (JSON.parse(readFileSync(out, 'utf8')) as { file: string; name: string }[]).map((t) => ({
      file: relative(ROOT, t.file).replaceAll('\\', '/'),
      name: t.name,
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function inPaths(file: string, paths: string[]): boolean {
  return paths.some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path));
}

// Filters after the report (vitest's: file names or parts of them) run those files only, for a
// quicker look at a few while working on them.
const [reportFile, ...only] = process.argv.slice(2);
if (reportFile === undefined) throw new Error('usage: node test/windows/unit.ts <report.json> [filter...]');
const cache = join(ROOT, '.test-artifacts/windows');
const started = Date.now();
const wine = prepareWine(cache);
const work = mkdtempSync(join(tmpdir(), 'am-windows-unit-'));
try {
  const modules = installWindowsPackages(cache);
  // The files to run are named one by one: vitest's --exclude does not reach a project's files.
  const tests = listTests().filter(({ file }) => only.length === 0 || only.some((part) => file.includes(part)));
  const leftOut = LEFT_OUT.map(({ paths, reason }) => ({
    reason,
    tests: tests.filter(({ file }) => inPaths(file, paths)).length,
  }));
  const files = [...new Set(tests.map(({ file }) => file))].filter(
    (file) => !LEFT_OUT.some(({ paths }) => inPaths(file, paths)),
  );
  // With no file named, vitest would run them all.
  if (files.length === 0) throw new Error(`no test file to run under Wine (filters: ${only.join(' ') || 'none'})`);
  const wineReport = join(work, 'vitest.json');
  console.log(
    `windows-unit: Node ${wine.version} (win32) under Wine, ready in ${String(Math.round((Date.now() - started) / 1000))} s`,
  );
  const status = await followNode(
    wine,
    [
      winPath(toolEntry(ROOT, 'vitest')),
      'run',
      '--project',
      'node',
      '--pool=threads',
      '--maxWorkers=2',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${winPath(wineReport)}`,
      ...files,
    ],
    {
      env: {
        NODE_PATH: winPath(modules),
        NODE_OPTIONS: `--import=${pathToFileURL(join(import.meta.dirname, 'wine-node-shims.ts')).href.replace('file:///', 'file:///Z:/')}`,
        TZ: 'UTC',
        ...(process.env.CI === undefined ? {} : { CI: process.env.CI }),
      },
      timeoutMs: 30 * 60_000,
    },
  );
  let counts: Counts = { passed: 0, failed: 1, skipped: 0, failures: ['no report from vitest under Wine'] };
  if (existsSync(wineReport)) {
    counts = readVitest(JSON.parse(readFileSync(wineReport, 'utf8')), (file) =>
      relative(ROOT, file.replace(/^Z:/i, '').replaceAll('\\', '/')),
    );
    if (status !== 0 && counts.failed === 0) {
      counts.failed = 1;
      counts.failures = [`vitest under Wine exited ${String(status)} with no failed test`];
    }
    // Each test that skipped itself, with its name (where a test that cannot run on Windows says why).
    for (const test of counts.skips ?? []) console.log(`windows-unit: skipped: ${test}`);
    // Too many to list again at the end of npm test's output.
    delete counts.skips;
  }
  for (const { reason, tests } of leftOut) {
    counts.skipped += tests;
    console.log(`windows-unit: ${String(tests)} skipped: ${reason}`);
  }
  console.log(
    `windows-unit: ${String(counts.passed)} passed, ${String(counts.failed)} failed, ${String(counts.skipped)} skipped in ${String(Math.round((Date.now() - started) / 1000))} s`,
  );
  writeFileSync(reportFile, JSON.stringify(counts));
  process.exitCode = counts.failed === 0 ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
  removeWine(wine);
}
