// Runs every test suite (scripts/suite-list.ts), each with a machine-readable report, and ends
// with one plain line "N passed, N failed, N skipped" that adds them all up (the line CI reads).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { artifacts, loadSuites, type Counts } from './suite-list.ts';

mkdirSync(artifacts, { recursive: true });
const suites = await loadSuites();

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
// Each suite's skipped, then failed, tests by name, printed just above the suites' lines: CI shows
// only the end of what ran, and a failure named there needs no log to be found.
const skipped: string[] = [];
const failed: string[] = [];
const MOST_NAMED = 20;
function listTests(into: string[], suite: string, what: string, tests: string[] = []): void {
  for (const test of tests.slice(0, MOST_NAMED)) into.push(`${suite}: ${what}: ${test}`);
  if (tests.length > MOST_NAMED) into.push(`${suite}: and ${String(tests.length - MOST_NAMED)} more ${what}`);
}
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
  const env = { ...process.env, ...suite.env };
  const [beforeCmd, ...beforeArgs] = suite.before ?? [];
  if (beforeCmd !== undefined) {
    console.log(`\n=== suite ${suite.name}, first: ${(suite.before ?? []).join(' ')}`);
    const built = spawnSync(beforeCmd, beforeArgs, { stdio: 'inherit', shell: false, env });
    if (built.status !== 0) {
      lines.push(
        `${suite.name}: 0 passed, 1 failed, 0 skipped (its first step exited ${built.status ?? built.signal})`,
      );
      total.failed += 1;
      continue;
    }
  }
  console.log(`\n=== suite ${suite.name}: ${suite.command.join(' ')}`);
  const run = spawnSync(cmd, args, { stdio: 'inherit', shell: false, env });
  let counts: Counts;
  if (suite.reportFile === undefined || suite.read === undefined) {
    counts = run.status === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
  } else if (existsSync(suite.reportFile)) {
    counts = suite.read(JSON.parse(readFileSync(suite.reportFile, 'utf8')));
  } else {
    counts = {
      passed: 0,
      failed: 1,
      skipped: 0,
      failures: [`no report at ${suite.reportFile} (see its output above)`],
    };
  }
  // A runner that exits non-zero without a failed test still failed (a crash, a config error).
  if (run.status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.failures = [
      `exited ${String(run.status ?? run.signal)} with no failed test (a crash or a config error: see its output above)`,
    ];
  }
  lines.push(
    `${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (exit ${run.status ?? run.signal})`,
  );
  listTests(skipped, suite.name, 'skipped', counts.skips);
  listTests(failed, suite.name, 'failed', counts.failures);
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
console.log('\n' + [...skipped, ...failed, ...lines].join('\n'));
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed === 0 ? 0 : 1;
