// The test suites `npm test` runs (scripts/test-all.ts): the unit suite and those each room
// registers in scripts/suites/, with what the runner needs to run them and read their reports.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toolEntry } from '../src-main/desktop/launcher/tools.ts';
import { providerText } from '../src-shared/quote.ts';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Each failed test (or file that failed as a whole), named, with the first line of why: printed at the end. */
  failures?: string[];
  /** Each test that skipped itself, named (its name says why). */
  skips?: string[];
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
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { status: string; title: string; fullName?: string; failureMessages?: string[] }[];
  }[];
}

// A terminal's colour codes, which runners put in their messages.
const COLOURS = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');

/** The first line of a runner's message that says something, without colours or other control bytes, cut short. */
function firstLine(message: string | undefined): string {
  const line = (message ?? '')
    .replace(COLOURS, '')
    .split('\n')
    .find((l) => l.trim() !== '');
  return providerText((line ?? '').trim(), 200);
}

/**
 * Vitest's JSON report as counts, with each failure and skip named. `fileName` turns a report's
 * file name into the one printed (the Windows run's are Z:\ paths).
 */
export function readVitest(report: unknown, fileName = (file: string) => relative(process.cwd(), file)): Counts {
  const r = report as VitestReport;
  const failures: string[] = [];
  const skips: string[] = [];
  let brokenFiles = 0;
  for (const file of r.testResults ?? []) {
    const name = fileName(file.name);
    // A test file that fails to load has no tests but a failed status: count it as a failure.
    if (file.status === 'failed' && (file.message ?? '') !== '') {
      brokenFiles += 1;
      failures.push(`${name}: ${firstLine(file.message)}`);
    }
    // Tests still pending when the run ended never finished: the worker running the file ended
    // (a crash, a signal). Vitest counts them nowhere and says only "Worker exited unexpectedly"
    // in its log, without the file: a failure of the file here, named.
    const pending = (file.assertionResults ?? []).filter((t) => t.status === 'pending').length;
    if (pending > 0) {
      brokenFiles += 1;
      failures.push(`${name}: ${String(pending)} tests never finished (the worker running the file ended)`);
    }
    for (const test of file.assertionResults ?? []) {
      const title = `${name} > ${test.fullName ?? test.title}`;
      if (test.status === 'failed') failures.push(`${title}: ${firstLine(test.failureMessages?.[0])}`);
      else if (test.status !== 'passed' && test.status !== 'pending') skips.push(title);
    }
  }
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + brokenFiles,
    skipped: r.numPendingTests + r.numTodoTests,
    failures,
    skips,
  };
}

interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    tests: {
      status: string;
      annotations?: { type: string; description?: string }[];
      results: { error?: { message?: string } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  errors?: { message?: string }[];
  suites?: PlaywrightSuite[];
}
export function readPlaywright(report: unknown): Counts {
  const r = report as PlaywrightReport;
  const failures = (r.errors ?? []).map((e) => `outside any test: ${firstLine(e.message)}`);
  const skips: string[] = [];
  const walk = (suite: PlaywrightSuite, path: string[]): void => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        const title = [...path, spec.title].join(' > ');
        if (test.status === 'unexpected') failures.push(`${title}: ${firstLine(test.results.at(-1)?.error?.message)}`);
        if (test.status === 'skipped') {
          const why = test.annotations?.find((a) => a.type === 'skip')?.description;
          skips.push(why === undefined || why === '' ? title : `${title} (${why})`);
        }
      }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of r.suites ?? []) walk(suite, [suite.title]);
  return {
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected + (r.errors?.length ?? 0),
    skipped: r.stats.skipped,
    failures,
    skips,
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
