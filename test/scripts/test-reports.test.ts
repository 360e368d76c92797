// What `npm test` reads of each runner's report (scripts/suite-list.ts): the counts, and each failed
// and skipped test by name, which it prints above its last line so that CI's short tail names
// them. Read from real reports of Vitest and Playwright, run over small test files written here.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolEntry } from '../../src-main/desktop/launcher/tools.ts';
import { readPlaywright, readVitest } from '../../scripts/suite-list.ts';

const ROOT = join(import.meta.dirname, '../..');
// Inside the checkout, so that the test files find the runners in node_modules.
const dir = mkdtempSync(join(ROOT, '.test-artifacts', 'reports-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a runner of node_modules in a folder of `files`; its JSON report. */
function report(folder: string, files: Record<string, string>, args: string[]): unknown {
  const cwd = join(dir, folder);
  mkdirSync(cwd, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
  const out = join(cwd, 'report.json');
  const run = spawnSync(
    process.execPath,
    args.map((a) => a.replace('{out}', out)),
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: out },
    },
  );
  expect(run.status, run.stderr).toBe(1);
  return JSON.parse(readFileSync(out, 'utf8')) as unknown;
}

const VITEST = toolEntry(ROOT, 'vitest');
const PLAYWRIGHT = toolEntry(ROOT, '@playwright/test', 'playwright');

describe("npm test's reading of a report", () => {
  it("names Vitest's failed tests, files that fail to load or whose worker ends, and skipped tests, without control bytes", () => {
    const got = readVitest(
      report(
        'vitest',
        {
          'vitest.config.mjs': 'export default {};',
          'a.test.ts': `import { describe, expect, it } from 'vitest';
            describe('group', () => {
              it('passes', () => expect(1).toBe(1));
              it('fails', () => expect(1).toBe(2));
              it.skip('is skipped (no such thing here)', () => {});
            });`,
          // Its worker ends half-way: Vitest leaves its tests pending and counts them nowhere.
          'c.test.ts': `import { it } from 'vitest';
            it('runs', () => {});
            it('ends its process', () => { process.kill(process.pid, 'SIGKILL'); });
            it('never runs', () => {});`,
          'b.test.ts': `import { it } from 'vitest';
            throw new Error('cannot load \\x1b[31mred\\x07 ${'x'.repeat(300)}');
            it('never', () => {});`,
        },
        [VITEST, 'run', '-c', 'vitest.config.mjs', '--reporter=json', '--outputFile.json={out}'],
      ),
      (file) => file.slice(dir.length + 1),
    );
    expect({ passed: got.passed, failed: got.failed, skipped: got.skipped }).toEqual({
      passed: 1,
      failed: 3,
      skipped: 1,
    });
    expect(got.skips).toEqual(['vitest/a.test.ts > group is skipped (no such thing here)']);
    const failures = [...(got.failures ?? [])].sort();
    expect(failures).toHaveLength(3);
    expect(failures[0]).toBe(
      'vitest/a.test.ts > group fails: AssertionError: expected 1 to be 2 // Object.is equality',
    );
    // The message's first line, its colours gone, other control bytes a space, cut to 200.
    expect(failures[1]).toMatch(/^vitest\/b\.test\.ts: .*cannot load red\s+x{100,}…$/);
    expect(failures[1]?.length).toBeLessThan(240);
    expect(failures[2]).toBe('vitest/c.test.ts: 3 tests never finished (the worker running the file ended)');
  });

  it("names Playwright's failed and skipped tests, and an error outside any test", () => {
    const config = `export default { testDir: '.', outputDir: './results' };`;
    const ran = readPlaywright(
      report(
        'playwright',
        {
          'playwright.config.mjs': config,
          'a.spec.ts': `import { expect, test } from '@playwright/test';
            test.describe('group', () => {
              test('passes', () => expect(1).toBe(1));
              test('fails', () => expect(1).toBe(2));
              test('is skipped', () => { test.skip(true, 'no such thing here'); });
            });`,
        },
        [PLAYWRIGHT, 'test', '-c', 'playwright.config.mjs', '--reporter=json'],
      ),
    );
    expect({ passed: ran.passed, failed: ran.failed, skipped: ran.skipped }).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
    });
    expect(ran.failures).toEqual([
      'a.spec.ts > group > fails: Error: expect(received).toBe(expected) // Object.is equality',
    ]);
    expect(ran.skips).toEqual(['a.spec.ts > group > is skipped (no such thing here)']);

    const broken = readPlaywright(
      report('playwright-broken', { 'playwright.config.mjs': config, 'b.spec.ts': `throw new Error('cannot load');` }, [
        PLAYWRIGHT,
        'test',
        '-c',
        'playwright.config.mjs',
        '--reporter=json',
      ]),
    );
    // Playwright stops at the file that fails to load, and then finds no test: both are said.
    expect(broken.failures).toEqual([
      'outside any test: Error: cannot load',
      'outside any test: Error: No tests found',
    ]);
    expect(broken.failed).toBe(2);
  });
});
