// The test suites `npm test` runs (scripts/test-all.ts): the unit suite and those each room
// registers in scripts/suites/, with what the runner needs to run them and read their reports.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toolEntry } from '../src-main/desktop/launcher/tools.ts';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
export interface Suite {
  name: string;
  /** The program and its arguments, run without a shell (a JS tool as [node, its entry point]: see bin()). */
  command: string[];
  /** Added to the runner's environment. */
  env?: Record<string, string>;
  /** Run first, the same way (a build); when it fails, the suite has failed without running. */
  before?: string[];
  /** The runner's JSON report; a suite without one counts as one test, passed when it exits 0. */
  reportFile?: string;
  read?: (report: unknown) => Counts;
  /** When it returns a reason, the suite is reported skipped with it instead of run. */
  skipReason?: () => string | undefined;
}

export interface SuiteHelpers {
  vitestSuite: typeof vitestSuite;
  readPlaywright: typeof readPlaywright;
  bin: typeof bin;
  artifacts: string;
}

/**
 * A tool of node_modules as [this Node, its JS entry point], as `npm start` runs them: the `.bin`
 * shims are shell scripts (and .cmd files on Windows), which do not spawn without a shell everywhere.
 */
function bin(pkg: string, name?: string): string[] {
  return [process.execPath, toolEntry(process.cwd(), pkg, name)];
}

export const artifacts = '.test-artifacts';

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
      ...bin('vitest'),
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

/** Every suite, in the order they run. */
export async function loadSuites(): Promise<Suite[]> {
  const suites: Suite[] = [vitestSuite('unit', [])];
  // Each room registers its own suites in a file of scripts/suites/ (default export: a function
  // that returns Suite[]), so adding a suite never edits this list.
  const suitesDir = 'scripts/suites';
  if (existsSync(suitesDir)) {
    for (const file of readdirSync(suitesDir)
      .filter((f) => f.endsWith('.ts'))
      .sort()) {
      const mod = (await import(pathToFileURL(join(process.cwd(), suitesDir, file)).href)) as {
        default: (helpers: SuiteHelpers) => Suite[];
      };
      suites.push(...mod.default({ vitestSuite, readPlaywright, bin, artifacts }));
    }
  }
  return suites;
}
