// Start-up: from spawning the headless server to the first correct get_balance answer, against
// a bare node:http server started the same way; then the server's RSS once idle.
import type { Figure } from '../lib/figures.ts';
import { median } from '../lib/median.ts';
import { rssMB, sleep, startBare, startService, stop, type Started } from '../lib/procs.ts';
import { ensureDemo, getAnswer } from './demo.ts';
import type { Workdir } from './workdir.ts';

const RUNS = 5;

/** Milliseconds from spawn until `path` answers exactly `expected`. */
async function timeToAnswer(
  start: () => Promise<Started>,
  path: string,
  expected: string,
): Promise<{ ms: number; started: Started }> {
  const t0 = performance.now();
  const started = await start();
  for (;;) {
    try {
      const r = await fetch(started.origin + path);
      if ((await r.text()) === expected) return { ms: performance.now() - t0, started };
    } catch {
      // Listening was announced but the first connection raced it: try again.
    }
    if (performance.now() - t0 > 20_000) throw new Error('no correct answer within 20 s');
    await sleep(5);
  }
}

export async function startupFigures(work: Workdir): Promise<Figure[]> {
  const demo = await ensureDemo(work);
  const path = `/account/get_balance/?key=${encodeURIComponent(demo.key)}&datetime=2026-11-28`;
  const warm = await startService(demo.dir);
  const { body: expected, headers } = await getAnswer(warm.origin + path);
  await stop(warm.child);

  const service: number[] = [];
  const bare: number[] = [];
  let idle: number | undefined;
  let bareIdle: number | undefined;
  for (let i = 0; i < RUNS; i++) {
    const b = await timeToAnswer(() => startBare(expected, headers, false), path, expected);
    bare.push(b.ms);
    if (i === RUNS - 1) {
      await sleep(3000);
      bareIdle = rssMB(b.started.child.pid);
    }
    await stop(b.started.child);
    const s = await timeToAnswer(() => startService(demo.dir, {}, [], false), path, expected);
    service.push(s.ms);
    if (i === RUNS - 1) {
      await sleep(3000);
      idle = rssMB(s.started.child.pid);
    }
    await stop(s.started.child);
  }
  // The same without the keychain probe (a child process on Linux): how much of the start-up
  // it costs, so a miss can be put where it belongs.
  const noKeychain: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await timeToAnswer(
      () => startService(demo.dir, { ACCOUNT_MONITOR_KEYCHAIN: 'off' }, [], false),
      path,
      expected,
    );
    noKeychain.push(s.ms);
    await stop(s.started.child);
  }
  const spread = `median of ${RUNS}; min ${Math.min(...service).toFixed(0)}, max ${Math.max(...service).toFixed(0)} ms`;
  return [
    {
      section: 'startup',
      name: 'start-up to first correct answer',
      value: median(service),
      unit: 'ms',
      baseline: median(bare),
      baselineLabel: 'bare node:http',
      target: '< 300 ms',
      check: { op: '<', limit: 300, on: 'value' },
      note: spread,
    },
    {
      section: 'startup',
      name: 'start-up, ACCOUNT_MONITOR_KEYCHAIN=off',
      value: median(noKeychain),
      unit: 'ms',
      baseline: median(bare),
      baselineLabel: 'bare node:http',
      note: 'median of 3; shows what the keychain probe costs',
    },
    {
      section: 'startup',
      name: 'idle RSS',
      value: idle ?? null,
      unit: 'MB',
      ...(bareIdle === undefined ? {} : { baseline: bareIdle, baselineLabel: 'bare node:http' }),
      target: '< 100 MB',
      check: { op: '<', limit: 100, on: 'value' },
      note: '3 s after the first answer',
    },
  ];
}
