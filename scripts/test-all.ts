// Runs every test suite, each with a machine-readable report, and ends with one plain line
// "N passed, N failed, N skipped" that adds them all up (the line CI reads).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
export interface Suite {
  name: string;
  command: string[];
  /** The runner's JSON report; a suite without one counts as one test, passed when it exits 0. */
  reportFile?: string;
  read?: (report: unknown) => Counts;
  /** When it returns a reason, the suite is reported skipped with it instead of run. */
  skipReason?: () => string | undefined;
}

export interface SuiteHelpers {
  vitestSuite: typeof vitestSuite;
  readPlaywright: typeof readPlaywright;
  artifacts: string;
}

const artifacts = '.test-artifacts';
mkdirSync(artifacts, { recursive: true });

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTestSuites?: number;
  testResults?: { status: string; message?: string }[];
}
function readVitest(report: unknown): Counts {
  const r = report as VitestReport;
  // A test file that fails to load has no tests but a failed status: count it as a failure.
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.message ?? '') !== '').length;
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + brokenFiles,
    skipped: r.numPendingTests + r.numTodoTests,
  };
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  errors?: unknown[];
}
function readPlaywright(report: unknown): Counts {
  const r = report as PlaywrightReport;
  return {
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected + (r.errors?.length ?? 0),
    skipped: r.stats.skipped,
  };
}

function vitestSuite(name: string, args: string[], wrapper: string[] = []): Suite {
  const reportFile = join(artifacts, `${name}.json`);
  return {
    name,
    command: [
      ...wrapper,
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
    ],
    reportFile,
    read: readVitest,
  };
}

const suites: Suite[] = [vitestSuite('unit', [])];

// Each room registers its own suites in a file of scripts/suites/ (default export: a function
// that returns Suite[]), so adding a suite never edits this runner.
const suitesDir = 'scripts/suites';
if (existsSync(suitesDir)) {
  for (const file of readdirSync(suitesDir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(join(process.cwd(), suitesDir, file))) as { default: (helpers: SuiteHelpers) => Suite[] };
    suites.push(...mod.default({ vitestSuite, readPlaywright, artifacts }));
  }
}

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
for (const suite of suites) {
  const reason = suite.skipReason?.();
  if (reason !== undefined) {
    lines.push(`${suite.name}: skipped (${reason})`);
    total.skipped += 1;
    continue;
  }
  if (suite.reportFile !== undefined) rmSync(suite.reportFile, { force: true });
  const [cmd, ...args] = suite.command;
  if (cmd === undefined) continue;
  console.log(`\n=== suite ${suite.name}: ${suite.command.join(' ')}`);
  const run = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  let counts: Counts;
  if (suite.reportFile === undefined || suite.read === undefined) {
    counts = run.status === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
  } else if (existsSync(suite.reportFile)) {
    counts = suite.read(JSON.parse(readFileSync(suite.reportFile, 'utf8')));
  } else {
    counts = { passed: 0, failed: 1, skipped: 0 };
  }
  // A runner that exits non-zero without a failed test still failed (a crash, a config error).
  if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
  lines.push(
    `${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (exit ${run.status ?? run.signal})`,
  );
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
console.log('\n' + lines.join('\n'));
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed === 0 ? 0 : 1;
