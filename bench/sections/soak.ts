// Soak (`--soak`): five minutes of load alternating the two endpoints. Pass means no error at
// all and RSS growing less than 10%. RSS is sampled every second: a single sample swings by
// 10% with the garbage collector's cycle, so growth compares the mean of the first minute with
// the mean of the last one.
import type { Figure } from '../lib/figures.ts';
import { runLoad } from '../lib/load.ts';
import { rssMB, startService, stop } from '../lib/procs.ts';
import { BALANCE_PATH, ensureDemo, SETTINGS_PATH } from './demo.ts';
import type { Workdir } from './workdir.ts';

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}

export async function soakFigures(work: Workdir, quick: boolean): Promise<Figure[]> {
  const total = quick ? 20 : 300;
  const round = quick ? 5 : 20;
  const window = quick ? 5 : 60;
  const demo = await ensureDemo(work);
  const svc = await startService(demo.dir);
  const samples: number[] = [];
  const sampler = setInterval(() => {
    const rss = rssMB(svc.child.pid);
    if (rss !== undefined) samples.push(rss);
  }, 1000);
  try {
    // Warm up first: the baseline is the steady state, not the cold process.
    await runLoad(svc.origin + BALANCE_PATH(demo.key), 50, quick ? 2 : 10);
    samples.length = 0;
    let errors = 0;
    let requests = 0;
    for (let t = 0, i = 0; t < total; t += round, i++) {
      const r = await runLoad(svc.origin + (i % 2 === 0 ? BALANCE_PATH(demo.key) : SETTINGS_PATH(demo.key)), 50, round);
      errors += r.errors;
      requests += r.total;
    }
    const first = mean(samples.slice(0, window));
    const last = mean(samples.slice(-window));
    const growth = ((last - first) / first) * 100;
    const alive = svc.child.exitCode === null && svc.child.signalCode === null;
    return [
      {
        section: 'soak',
        name: `soak ${total} s: errors`,
        value: errors + (alive ? 0 : 1),
        unit: 'errors',
        target: '= 0',
        check: { op: '<=', limit: 0, on: 'value' },
        note: `${requests} requests${alive ? '' : '; the server died'}`,
      },
      {
        section: 'soak',
        name: `soak ${total} s: RSS growth`,
        value: growth,
        unit: '%',
        target: '< 10%',
        check: { op: '<', limit: 10, on: 'value' },
        note: `mean RSS first ${window} s ${first.toFixed(1)} MB, last ${window} s ${last.toFixed(1)} MB; min ${Math.min(...samples).toFixed(0)}, max ${Math.max(...samples).toFixed(0)} MB over ${samples.length} samples`,
      },
    ];
  } finally {
    clearInterval(sampler);
    await stop(svc.child);
  }
}
