// HTTP: each endpoint under 50 keep-alive connections from a separate load process, against a
// bare node:http server returning the same bytes, measured back to back in the same run.
// The service keeps running afterwards until it has had 60 s of load, then its RSS is read.
import type { Figure } from '../lib/figures.ts';
import { runLoad, type LoadResult } from '../lib/load.ts';
import { rssMB, startBare, startService, stop } from '../lib/procs.ts';
import { BALANCE_PATH, ensureDemo, getXml, SETTINGS_PATH } from './demo.ts';
import type { Workdir } from './workdir.ts';

const CONNECTIONS = 50;

function endpointFigures(label: string, svc: LoadResult, bare: LoadResult): Figure[] {
  const errors = svc.errors > 0 ? `; ${svc.errors} errors or non-2xx answers` : '';
  return [
    { section: 'http', name: `${label} req/s`, value: svc.rps, unit: 'req/s', baseline: bare.rps, baselineLabel: 'bare', target: '>= 0.8x bare', check: { op: '>=', limit: 0.8, on: 'ratio' }, note: `${svc.total} requests in ${svc.durationS} s${errors}` },
    { section: 'http', name: `${label} p50`, value: svc.p50, unit: 'ms', baseline: bare.p50, baselineLabel: 'bare' },
    { section: 'http', name: `${label} p99`, value: svc.p99, unit: 'ms', baseline: bare.p99, baselineLabel: 'bare', target: '< 5 ms', check: { op: '<', limit: 5, on: 'value' } },
  ];
}

export async function httpFigures(work: Workdir, quick: boolean): Promise<Figure[]> {
  const seconds = quick ? 3 : 10;
  const warmup = quick ? 1 : 2;
  const demo = await ensureDemo(work);
  const service = await startService(demo.dir);
  const figures: Figure[] = [];
  let loadSeconds = 0;
  try {
    for (const [label, path] of [['get_balance "+1 week"', BALANCE_PATH(demo.key)], ['get_notification_settings', SETTINGS_PATH(demo.key)]] as const) {
      const body = await getXml(service.origin + path);
      const bare = await startBare(body);
      try {
        await runLoad(bare.origin + path, CONNECTIONS, warmup);
        const bareResult = await runLoad(bare.origin + path, CONNECTIONS, seconds);
        await runLoad(service.origin + path, CONNECTIONS, warmup);
        const svcResult = await runLoad(service.origin + path, CONNECTIONS, seconds);
        loadSeconds += warmup + seconds;
        figures.push(...endpointFigures(label, svcResult, bareResult));
        // The answer under load must still be the right one.
        if ((await getXml(service.origin + path)) !== body) throw new Error(`${label}: the answer changed under load`);
      } finally {
        await stop(bare.child);
      }
    }
    if (!quick) {
      const remaining = Math.max(0, 60 - loadSeconds);
      const half = Math.ceil(remaining / 2);
      const a = await runLoad(service.origin + BALANCE_PATH(demo.key), CONNECTIONS, half);
      const b = await runLoad(service.origin + SETTINGS_PATH(demo.key), CONNECTIONS, half);
      loadSeconds += 2 * half;
      if (a.errors + b.errors > 0) figures.push({ section: 'http', name: 'errors during 60 s load', value: a.errors + b.errors, unit: 'errors', target: '= 0', check: { op: '<=', limit: 0, on: 'value' } });
    }
    figures.push({ section: 'memory', name: `RSS after ${loadSeconds} s of load`, value: rssMB(service.child.pid) ?? null, unit: 'MB', note: `peak ${rssMB(service.child.pid, 'VmHWM')?.toFixed(1) ?? '?'} MB` });
  } finally {
    await stop(service.child);
  }
  return figures;
}
