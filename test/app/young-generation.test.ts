// keepYoungGenerationSmall (src-main/young-generation.ts), which serve and the desktop app's main
// process call at start: after a burst of allocation, V8's young generation is still small. The burst runs in a child process of this Node, with and without the call: without it the
// same burst grows the young generation (so the check can fail, and says so if a Node upgrade
// stops reading the flag at run time).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = pathToFileURL(join(import.meta.dirname, '../../src-main/young-generation.ts')).href;

/** The young generation's size in bytes after a burst that keeps about 1 MB alive at a time. */
function youngGenerationAfterBurst(keepSmall: boolean): number {
  const script = `
    const { getHeapSpaceStatistics } = await import('node:v8');
    const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    const { keepYoungGenerationSmall } = await import(${JSON.stringify(MODULE)});
    if (${String(keepSmall)}) keepYoungGenerationSmall();
    let kept = [];
    for (let i = 0; i < 3e6; i++) {
      kept.push({ n: i, text: 'x' + i });
      if (kept.length > 20000) kept = [];
    }
    process.stdout.write(String(young()));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr.replace(/.*ExperimentalWarning.*\n|.*--trace-warnings.*\n/g, '')).toBe('');
  return Number(run.stdout);
}

describe('keepYoungGenerationSmall', () => {
  it('keeps the young generation small through a burst that grows it otherwise', () => {
    // Without it the burst grows the young generation to V8's limit (64 MB in Node 24); with it,
    // it stays within a few MB (2 MB in most runs here, at most 7 MB in about forty).
    const MB = 1024 * 1024;
    expect(youngGenerationAfterBurst(false)).toBeGreaterThanOrEqual(16 * MB);
    expect(youngGenerationAfterBurst(true)).toBeLessThanOrEqual(8 * MB);
  });
});
