// keepHeapLight (src-main/light-heap.ts), which serve and the desktop app's main process call at
// start. Each burst runs in a child process of this Node, with and without the call: without it
// the same burst leaves the heap grown (so each check can fail, and says so if a Node upgrade
// stops reading a flag at run time or answering gc()).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childScriptJson } from '../helpers/child-script.ts';

const MODULE = pathToFileURL(join(import.meta.dirname, '../../src-main/light-heap.ts')).href;
const MB = 1024 * 1024;
/** What the heap holds at most once given back: what is live (10 MB) and V8's spaces (about 21 MB here). */
const TRIMMED = 40 * MB;

/**
 * Runs `burst` (a script body that may read `space(name)` and `held()`, and writes one JSON value)
 * with or without the call (given `options`); what it wrote.
 */
function afterBurst(light: boolean, burst: string, options = '{}'): unknown {
  const script = `
    const { getHeapSpaceStatistics, getHeapStatistics } = await import('node:v8');
    const space = (name) => getHeapSpaceStatistics().find((s) => s.space_name === name).space_size;
    const held = () => getHeapStatistics().total_heap_size;
    const { keepHeapLight } = await import(${JSON.stringify(MODULE)});
    if (${String(light)}) keepHeapLight(${options});
    ${burst}
  `;
  return childScriptJson(script);
}

/** The young generation's size after a burst that keeps about 1 MB alive at a time. */
const YOUNG_BURST = `
  let kept = [];
  for (let i = 0; i < 3e6; i++) {
    kept.push({ n: i, text: 'x' + i });
    if (kept.length > 20000) kept = [];
  }
  process.stdout.write(JSON.stringify(space('new_space')));
`;

/**
 * A burst that keeps about 10 MB alive for good and up to 40 batches of about 2 MB for a while
 * (promoted, then dropped), then quiet: what the heap held when the burst ended (the last 40
 * batches had just been dropped, so at least about 90 MB), and once it held at most TRIMMED (the
 * trim's first look after the burst finds the process busy, a later one quiet), or null if it
 * still held more 5 s later (V8's own memory reducer waits 8 s after a collection before it looks).
 */
const QUIET_AFTER_BURST = `
  const live = [];
  for (let i = 0; i < 100000; i++) live.push({ i, text: 'live' + i, pair: [i, i] });
  const batches = [];
  for (let round = 0; round < 60; round++) {
    const batch = [];
    for (let i = 0; i < 20000; i++) batch.push({ round, i, text: 'g' + i });
    batches.push(batch);
    if (batches.length > 40) batches.shift();
  }
  batches.length = 0;
  const afterBurst = held();
  const started = Date.now();
  let afterQuiet = null;
  while (Date.now() - started < 5000) {
    await new Promise((wake) => setTimeout(wake, 50));
    if (held() <= ${TRIMMED}) {
      afterQuiet = held();
      break;
    }
  }
  process.stdout.write(JSON.stringify({ afterBurst, afterQuiet, live: live.length }));
`;

describe('keepHeapLight', () => {
  it('keeps the young generation small through a burst that grows it otherwise', () => {
    // Without it the burst grows the young generation to V8's limit (64 MB in Node 24); with it,
    // it stays within a few MB (2 MB in most runs here, at most 7 MB in about forty).
    expect(afterBurst(false, YOUNG_BURST) as number).toBeGreaterThanOrEqual(16 * MB);
    expect(afterBurst(true, YOUNG_BURST) as number).toBeLessThanOrEqual(8 * MB);
  });

  it('gives the heap a burst grew back once the process is quiet', () => {
    // The burst leaves V8's heap at 95 to 125 MB (122 to 126 under Windows' Node 22 in Wine),
    // and there it would stay: V8 collects again only when more is allocated, and its reducer
    // waits. The trim's looks (every 100 ms when busy, 200 ms when quiet) find the process quiet
    // after it and collect, down to about 21 MB. Without it: 142 to 234 MB, still held 5 s later.
    const {
      afterBurst: grown,
      afterQuiet,
      live,
    } = afterBurst(true, QUIET_AFTER_BURST, '{ quietLookMs: 200, busyLookMs: 100 }') as {
      afterBurst: number;
      afterQuiet: number | null;
      live: number;
    };
    expect(live).toBe(100000);
    expect(grown).toBeGreaterThanOrEqual(60 * MB);
    expect(afterQuiet).not.toBeNull();
    expect(afterQuiet).toBeLessThanOrEqual(TRIMMED);
    const without = afterBurst(false, QUIET_AFTER_BURST) as { afterBurst: number; afterQuiet: number | null };
    expect(without.afterBurst).toBeGreaterThanOrEqual(60 * MB);
    expect(without.afterQuiet).toBeNull();
  });
});
