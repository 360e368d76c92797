// Soak (`--soak`): five minutes of load alternating the two endpoints, RSS sampled between
// rounds; pass means no error at all and RSS growing less than 10% over the soak.
import type { Figure } from '../lib/figures.ts';
import { runLoad } from '../lib/load.ts';
import { rssMB, startService, stop } from '../lib/procs.ts';
import { BALANCE_PATH, ensureDemo, SETTINGS_PATH } from './demo.ts';
import type { Workdir } from './workdir.ts';

export async function soakFigures(work: Workdir, quick: boolean): Promise<Figure[]> {
  const total = quick ? 20 : 300;
  const round = quick ? 5 : 20;
  const demo = await ensureDemo(work);
  const svc = await startService(demo.dir);
  try {
    // Warm up first: the baseline RSS is the steady state, not the cold process.
    await runLoad(svc.origin + BALANCE_PATH(demo.key), 50, quick ? 2 : 10);
    const start = rssMB(svc.child.pid) ?? NaN;
    let errors = 0;
    let requests = 0;
    const samples: number[] = [];
    for (let t = 0, i = 0; t < total; t += round, i++) {
      const r = await runLoad(svc.origin + (i % 2 === 0 ? BALANCE_PATH(demo.key) : SETTINGS_PATH(demo.key)), 50, round);
      errors += r.errors;
      requests += r.total;
      samples.push(rssMB(svc.child.pid) ?? NaN);
    }
    const end = samples[samples.length - 1] ?? NaN;
    const growth = ((end - start) / start) * 100;
    return [
      { section: 'soak', name: `soak ${total} s: errors`, value: errors, unit: 'errors', target: '= 0', check: { op: '<=', limit: 0, on: 'value' }, note: `${requests} requests` },
      { section: 'soak', name: `soak ${total} s: RSS growth`, value: growth, unit: '%', target: '< 10%', check: { op: '<', limit: 10, on: 'value' }, note: `RSS ${start.toFixed(1)} -> ${end.toFixed(1)} MB; samples ${samples.map((x) => x.toFixed(0)).join(' ')}` },
    ];
  } finally {
    await stop(svc.child);
  }
}
