// keepYoungGenerationSmall (src-main/young-generation.ts), which serve and the desktop app's main
// process call at start: after a burst of allocation, V8's young generation is still its first
// size. The burst runs in a child process of this Node, with and without the call: without it the
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
    if (${String(keepSmall)}) (await import(${JSON.stringify(MODULE)})).keepYoungGenerationSmall();
    let kept = [];
    for (let i = 0; i < 3e6; i++) {
      kept.push({ n: i, text: 'x' + i });
      if (kept.length > 20000) kept = [];
    }
    const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(young.space_size));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr.replace(/.*ExperimentalWarning.*\n|.*--trace-warnings.*\n/g, '')).toBe('');
  return Number(run.stdout);
}

describe('keepYoungGenerationSmall', () => {
  it('keeps the young generation at its first size through a burst that grows it otherwise', () => {
    const MB = 1024 * 1024;
    expect(youngGenerationAfterBurst(false)).toBeGreaterThan(8 * MB);
    expect(youngGenerationAfterBurst(true)).toBeLessThanOrEqual(4 * MB);
  });
});
