// The unit suite run by Windows' own Node under Wine, on the same checkout:
//   node test/windows/unit.ts <report.json>
// The checkout's node_modules holds Linux's platform packages only, so the Windows ones the
// lockfile names (rolldown's binding, which Vite and so Vitest load; lightningcss; the keyring)
// are installed with npm's --os=win32 --cpu=x64 into a folder of their own and found through
// NODE_PATH; better-sqlite3 carries its win32 prebuild in its own package. Every Windows Node it
// starts loads wine-node-shims.ts (a Wine bug, not a Windows one).
//
// A test that cannot run on Windows says so itself (skipped on win32, its reason in its name).
// Whole files are left out where each case starts Windows Nodes of its own (seconds each under
// Wine: the CLI's and the reliability suites would take the Windows suite far past its 8 minutes
// of CI), or needs what is not on Windows here; LEFT_OUT says which and why, and their tests are
// counted skipped, never passed. The report ({passed, failed, skipped}) joins npm test's line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toolEntry } from '../../src-main/desktop/launcher/tools.ts';
import { prepareWine, removeWine, ROOT, runNode, winPath } from './wine.ts';

/** Test files not run under Wine, and why. */
export const LEFT_OUT: { files: string[]; reason: string }[] = [
  {
    files: [
      'test/cli/accounts.test.ts',
      'test/cli/cli.test.ts',
      'test/cli/config-data-dir.test.ts',
      'test/cli/forecast.test.ts',
      'test/cli/hardening.test.ts',
      'test/cli/serve-remote.test.ts',
      'test/cli/serve-token.test.ts',
      'test/cli/serve-twice.test.ts',
      'test/cli/startup.test.ts',
      'test/cli/status.test.ts',
    ],
    reason:
      'each case runs the CLI as a process of its own, seconds per start under Wine; the Windows CLI and serve are tested by the windows suite (test/windows/*.spec.ts)',
  },
  {
    files: [
      'test/reliability/concurrency.test.ts',
      'test/reliability/crash-safety.test.ts',
      'test/reliability/hostile-env.test.ts',
      'test/reliability/resources.test.ts',
    ],
    reason: 'start, kill and count processes per case: past the Windows suite’s CI budget under Wine',
  },
  {
    files: ['test/desktop/start.test.ts'],
    reason: 'npm start itself: npm, and the processes it starts, under Wine',
  },
  {
    files: ['test/bench/other-build.test.ts'],
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

/** How many tests each left-out group holds, listed here by Linux's Node (collecting, not running them). */
function countLeftOut(): { reason: string; tests: number }[] {
  const dir = mkdtempSync(join(tmpdir(), 'am-windows-list-'));
  try {
    return LEFT_OUT.map(({ files, reason }, i) => {
      const out = join(dir, `${String(i)}.json`);
      const list = spawnSync(
        process.execPath,
        [toolEntry(ROOT, 'vitest'), 'list', '--project', 'node', `--json=${out}`, ...files],
        { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
      );
      if (list.status !== 0 || !existsSync(out)) throw new Error(`vitest list failed: ${list.stderr}`);
      return { reason, tests: (JSON.parse(readFileSync(out, 'utf8')) as unknown[]).length };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { status: string; message?: string; assertionResults: { status: string; title: string }[] }[];
}

const [reportFile] = process.argv.slice(2);
if (reportFile === undefined) throw new Error('usage: node test/windows/unit.ts <report.json>');
const cache = join(ROOT, '.test-artifacts/windows');
const started = Date.now();
const wine = prepareWine(cache);
const work = mkdtempSync(join(tmpdir(), 'am-windows-unit-'));
try {
  const modules = installWindowsPackages(cache);
  const leftOut = countLeftOut();
  const wineReport = join(work, 'vitest.json');
  console.log(
    `windows-unit: Node ${wine.version} (win32) under Wine, ready in ${String(Math.round((Date.now() - started) / 1000))} s`,
  );
  const run = runNode(
    wine,
    [
      winPath(toolEntry(ROOT, 'vitest')),
      'run',
      '--project',
      'node',
      ...LEFT_OUT.flatMap(({ files }) => files.flatMap((file) => ['--exclude', file])),
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${winPath(wineReport)}`,
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
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  const counts = { passed: 0, failed: 1, skipped: 0 };
  if (existsSync(wineReport)) {
    const r = JSON.parse(readFileSync(wineReport, 'utf8')) as VitestReport;
    // A file that fails to load has no tests but a failed status: a failure too.
    const broken = r.testResults.filter((f) => f.status === 'failed' && (f.message ?? '') !== '').length;
    counts.passed = r.numPassedTests;
    counts.failed = r.numFailedTests + broken + (run.status === 0 || r.numFailedTests + broken > 0 ? 0 : 1);
    counts.skipped = r.numPendingTests + r.numTodoTests;
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
