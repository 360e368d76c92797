// HTTP: each endpoint under 50 keep-alive connections from a separate load process, against a
// bare node:http server returning the same bytes. Bare and service take turns in short rounds,
// so noise from other processes on this shared machine falls on both; the median round counts.
// The service keeps running afterwards until it has had 60 s of load, then its RSS is read.
import type { Figure } from '../lib/figures.ts';
import { runLoad, type LoadResult } from '../lib/load.ts';
import { rssMB, startBare, startService, stop, type Started } from '../lib/procs.ts';
import { BALANCE_PATH, ensureDemo, getXml, SETTINGS_PATH } from './demo.ts';
import type { Workdir } from './workdir.ts';

const CONNECTIONS = 50;
/** A new instant on every request: `@<epoch seconds>` is understood by the resolver. */
const UNIQUE_PATH = (key: string): string => `/account/get_balance/?key=${encodeURIComponent(key)}&datetime=%40{n}`;
const UNIQUE_START = 1_790_000_000;

function medianRound(rounds: LoadResult[]): LoadResult {
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  const m = sorted[Math.floor(sorted.length / 2)];
  if (m === undefined) throw new Error('no load rounds');
  return m;
}

function endpointFigures(label: string, svcRounds: LoadResult[], bareRounds: LoadResult[]): Figure[] {
  const svc = medianRound(svcRounds);
  const bare = medianRound(bareRounds);
  const errors = svcRounds.reduce((n, r) => n + r.errors, 0);
  const rounds = `rounds: service ${svcRounds.map((r) => r.rps.toFixed(0)).join('/')}, bare ${bareRounds.map((r) => r.rps.toFixed(0)).join('/')} req/s`;
  return [
    { section: 'http', name: `${label} req/s`, value: svc.rps, unit: 'req/s', baseline: bare.rps, baselineLabel: 'bare', target: '>= 0.8x bare', check: { op: '>=', limit: 0.8, on: 'ratio' }, note: `median of ${svcRounds.length} rounds of ${svc.durationS.toFixed(0)} s; ${rounds}${errors > 0 ? `; ${errors} errors or non-2xx answers` : ''}` },
    { section: 'http', name: `${label} p50`, value: svc.p50, unit: 'ms', baseline: bare.p50, baselineLabel: 'bare' },
    { section: 'http', name: `${label} p99`, value: svc.p99, unit: 'ms', baseline: bare.p99, baselineLabel: 'bare', target: '< 5 ms', check: { op: '<', limit: 5, on: 'value' } },
  ];
}

interface Endpoint { label: string; path: string; unique: boolean }

async function measureEndpoint(service: Started, e: Endpoint, seconds: number, rounds: number): Promise<{ figures: Figure[]; loadSeconds: number }> {
  const sample = e.unique ? e.path.replace('{n}', String(UNIQUE_START)) : e.path;
  const body = await getXml(service.origin + sample);
  let bare = await startBare(body);
  let bareRestarts = 0;
  let counter = UNIQUE_START;
  const svcUrl = service.origin + e.path;
  const loadSvc = async (s: number): Promise<LoadResult> => {
    const r = await runLoad(svcUrl, CONNECTIONS, s, e.unique ? counter : undefined);
    counter += r.total + 1000;
    return r;
  };
  // A baseline round that failed (the bare server gone, every request an error) would make
  // any ratio meaningless: restart the bare server and run the round again, once.
  const loadBare = async (s: number): Promise<LoadResult> => {
    for (let attempt = 0; ; attempt++) {
      if (bare.child.exitCode !== null || bare.child.signalCode !== null) {
        bare = await startBare(body);
        bareRestarts += 1;
      }
      const r = await runLoad(bare.origin + sample, CONNECTIONS, s);
      if (r.errors === 0 && r.total > 0) return r;
      if (attempt === 1) throw new Error(`${e.label}: the bare baseline failed twice (${r.errors} errors, ${r.total} answers)`);
    }
  };
  try {
    await loadBare(1);
    await loadSvc(1);
    const bareRounds: LoadResult[] = [];
    const svcRounds: LoadResult[] = [];
    for (let i = 0; i < rounds; i++) {
      bareRounds.push(await loadBare(seconds));
      svcRounds.push(await loadSvc(seconds));
    }
    // The answer under load must still be the right one.
    if ((await getXml(service.origin + sample)) !== body) throw new Error(`${e.label}: the answer changed under load`);
    const figures = endpointFigures(e.label, svcRounds, bareRounds);
    if (bareRestarts > 0 && figures[0] !== undefined) figures[0].note = `${figures[0].note ?? ''}; the bare server had to be restarted ${bareRestarts} time(s)`;
    return { figures, loadSeconds: 1 + rounds * seconds };
  } finally {
    await stop(bare.child);
  }
}

export async function httpFigures(work: Workdir, quick: boolean): Promise<Figure[]> {
  const demo = await ensureDemo(work);
  const service = await startService(demo.dir);
  const endpoints: Endpoint[] = [
    { label: 'get_balance "+1 week"', path: BALANCE_PATH(demo.key), unique: false },
    { label: 'get_balance, new instant each request', path: UNIQUE_PATH(demo.key), unique: true },
    { label: 'get_notification_settings', path: SETTINGS_PATH(demo.key), unique: false },
  ];
  const figures: Figure[] = [];
  let loadSeconds = 0;
  try {
    for (const e of endpoints) {
      const got = await measureEndpoint(service, e, quick ? 2 : 4, 3);
      figures.push(...got.figures);
      loadSeconds += got.loadSeconds;
    }
    if (!quick && loadSeconds < 60) {
      const rest = 60 - loadSeconds;
      const r = await runLoad(service.origin + BALANCE_PATH(demo.key), CONNECTIONS, rest);
      loadSeconds += rest;
      if (r.errors > 0) figures.push({ section: 'http', name: 'errors during 60 s load', value: r.errors, unit: 'errors', target: '= 0', check: { op: '<=', limit: 0, on: 'value' } });
    }
    figures.push({ section: 'memory', name: `RSS after ${loadSeconds} s of load`, value: rssMB(service.child.pid) ?? null, unit: 'MB', note: `peak ${rssMB(service.child.pid, 'VmHWM')?.toFixed(1) ?? '?'} MB` });
  } finally {
    await stop(service.child);
  }
  return figures;
}
