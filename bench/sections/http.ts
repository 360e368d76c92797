// HTTP: each load under 50 keep-alive connections from a separate load process (wrk when it is
// installed, see lib/load.ts), against a bare node:http server returning the same bytes under the
// very same load (same URLs, same per-request work in the load generator). Bare and service take
// turns in short rounds, so noise from other processes on this shared machine falls on both; the
// median round counts. Each server's CPU time per request is read from /proc over the same
// rounds. The service keeps running afterwards until it has had 60 s of load, then its RSS is
// read.
import type { Figure } from '../lib/figures.ts';
import { median } from '../lib/median.ts';
import { LOAD_GENERATOR, runLoad, type LoadResult, type LoadShape } from '../lib/load.ts';
import { cpuSeconds, PINNING, rssMB, runJsonChild, startBare, startService, stop, type Started } from '../lib/procs.ts';
import { BALANCE_PATH, type Demo, ensureDemo, getAnswer, getXml, SETTINGS_PATH } from './demo.ts';
import type { Workdir } from './workdir.ts';

const CONNECTIONS = 50;
export const KEYS = 50;
/** A new instant on every request: `@<epoch seconds>` is understood by the resolver. */
const UNIQUE_PATH = (key: string): string => `/account/get_balance/?key=${encodeURIComponent(key)}&datetime=%40{n}`;
export const UNIQUE_START = 1_790_000_000;

/** Per key: two phrases asked again and again, and two random instants (one as epoch seconds, one as a local date and time). */
function mixedPaths(keys: readonly string[]): string[] {
  return keys.flatMap((key) => {
    const k = encodeURIComponent(key);
    return [
      `/account/get_balance/?key=${k}&datetime=%2B1%20week`,
      `/account/get_balance/?key=${k}&datetime=tomorrow`,
      `/account/get_balance/?key=${k}&datetime=%40{r}`,
      `/account/get_balance?datetime={d}&key=${k}`,
    ];
  });
}

export interface Endpoint {
  label: string;
  /** A path that answers the body the bare server returns. */
  sample: string;
  /** The load: one path, or many. */
  path: string;
  shape: (counter: number) => LoadShape;
  /** Least throughput, as a share of bare. */
  ratio: number;
}

export interface Round {
  load: LoadResult;
  cpuUs: number | undefined;
}

function medianRound(rounds: Round[]): Round {
  const sorted = [...rounds].sort((a, b) => a.load.rps - b.load.rps);
  const m = sorted[Math.floor(sorted.length / 2)];
  if (m === undefined) throw new Error('no load rounds');
  return m;
}

function medianCpu(rounds: Round[]): number | undefined {
  const xs = rounds.flatMap((r) => r.cpuUs ?? []);
  return xs.length === 0 ? undefined : median(xs);
}

function endpointFigures(e: Endpoint, svcRounds: Round[], bareRounds: Round[]): Figure[] {
  const svc = medianRound(svcRounds).load;
  const bare = medianRound(bareRounds).load;
  const errors = svcRounds.reduce((n, r) => n + r.load.errors, 0);
  const list = (rs: Round[]): string => rs.map((r) => r.load.rps.toFixed(0)).join('/');
  const cpus = (rs: Round[]): string => rs.map((r) => r.cpuUs?.toFixed(1) ?? '?').join('/');
  const svcCpu = medianCpu(svcRounds);
  const bareCpu = medianCpu(bareRounds);
  return [
    {
      section: 'http',
      name: `${e.label} req/s`,
      value: svc.rps,
      unit: 'req/s',
      baseline: bare.rps,
      baselineLabel: 'bare',
      target: `>= ${e.ratio}x bare`,
      check: { op: '>=', limit: e.ratio, on: 'ratio' },
      note: `median of ${svcRounds.length} rounds of ${svc.durationS.toFixed(0)} s; rounds: service ${list(svcRounds)}, bare ${list(bareRounds)} req/s`,
    },
    { section: 'http', name: `${e.label} p50`, value: svc.p50, unit: 'ms', baseline: bare.p50, baselineLabel: 'bare' },
    {
      section: 'http',
      name: `${e.label} p99`,
      value: svc.p99,
      unit: 'ms',
      baseline: bare.p99,
      baselineLabel: 'bare',
      target: '< 5 ms',
      check: { op: '<', limit: 5, on: 'value' },
    },
    {
      section: 'http',
      name: `${e.label} CPU per request`,
      value: svcCpu ?? null,
      unit: 'µs',
      ...(bareCpu === undefined ? {} : { baseline: bareCpu, baselineLabel: 'bare' }),
      note: `server process user+system time over each round / answers; rounds: service ${cpus(svcRounds)}, bare ${cpus(bareRounds)} µs`,
    },
    {
      section: 'http',
      name: `${e.label} errors`,
      value: errors,
      unit: 'errors',
      target: '= 0',
      check: { op: '<=', limit: 0, on: 'value' },
      note: `connection errors, timeouts and non-2xx answers over ${svcRounds.reduce((n, r) => n + r.load.total, 0)} requests`,
    },
  ];
}

/** One load round on a server, with the CPU time it took per answer. */
export async function round(server: Started, url: string, seconds: number, shape: LoadShape): Promise<Round> {
  const before = cpuSeconds(server.child.pid);
  const load = await runLoad(url, CONNECTIONS, seconds, shape);
  const after = cpuSeconds(server.child.pid);
  return {
    load,
    cpuUs:
      before === undefined || after === undefined || load.total === 0
        ? undefined
        : ((after - before) * 1e6) / load.total,
  };
}

async function measureEndpoint(
  service: Started,
  e: Endpoint,
  seconds: number,
  rounds: number,
): Promise<{ figures: Figure[]; loadSeconds: number }> {
  const { body, headers } = await getAnswer(service.origin + e.sample);
  let bare = await startBare(body, headers);
  let bareRestarts = 0;
  let counter = UNIQUE_START;
  // The same load on both: the bare server ignores the path, but the load generator does the
  // same work per request (a new path each time costs it more than a fixed one).
  const loadSvc = async (s: number): Promise<Round> => {
    const r = await round(service, service.origin + e.path, s, e.shape(counter));
    counter += r.load.total + 1000;
    return r;
  };
  // A baseline round that failed (the bare server gone, every request an error) would make
  // any ratio meaningless: restart the bare server and run the round again, once.
  const loadBare = async (s: number): Promise<Round> => {
    for (let attempt = 0; ; attempt++) {
      if (bare.child.exitCode !== null || bare.child.signalCode !== null) {
        bare = await startBare(body, headers);
        bareRestarts += 1;
      }
      const r = await round(bare, bare.origin + e.path, s, e.shape(UNIQUE_START));
      if (r.load.errors === 0 && r.load.total > 0) return r;
      if (attempt === 1)
        throw new Error(
          `${e.label}: the bare baseline failed twice (${r.load.errors} errors, ${r.load.total} answers)`,
        );
    }
  };
  try {
    await loadBare(1);
    await loadSvc(1);
    const bareRounds: Round[] = [];
    const svcRounds: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      bareRounds.push(await loadBare(seconds));
      svcRounds.push(await loadSvc(seconds));
    }
    // The answer under load must still be the right one.
    if ((await getXml(service.origin + e.sample)) !== body)
      throw new Error(`${e.label}: the answer changed under load`);
    const figures = endpointFigures(e, svcRounds, bareRounds);
    const first = figures[0];
    if (first !== undefined)
      first.note = `${first.note ?? ''}; load from ${LOAD_GENERATOR}; ${PINNING.note}${bareRestarts > 0 ? `; the bare server had to be restarted ${bareRestarts} time(s)` : ''}`;
    return { figures, loadSeconds: 2 + rounds * seconds };
  } finally {
    await stop(bare.child);
  }
}

/** The four loads, for one data folder: its demo account and its extra keys. */
export function httpLoads(demo: Demo, keys: readonly string[]): Endpoint[] {
  return [
    {
      label: 'get_balance "+1 week"',
      sample: BALANCE_PATH(demo.key),
      path: BALANCE_PATH(demo.key),
      shape: () => ({}),
      ratio: 0.9,
    },
    {
      label: 'get_balance, new instant each request',
      sample: UNIQUE_PATH(demo.key).replace('{n}', String(UNIQUE_START)),
      path: UNIQUE_PATH(demo.key),
      shape: (counter) => ({ counterStart: counter }),
      ratio: 0.6,
    },
    {
      label: `get_balance, ${KEYS} keys, repeated and random instants`,
      sample: BALANCE_PATH(keys[0] ?? demo.key),
      path: '/',
      shape: () => ({ paths: mixedPaths(keys) }),
      ratio: 0.6,
    },
    {
      label: 'get_notification_settings',
      sample: SETTINGS_PATH(demo.key),
      path: SETTINGS_PATH(demo.key),
      shape: () => ({}),
      ratio: 0.95,
    },
  ];
}

export async function httpFigures(work: Workdir, quick: boolean): Promise<Figure[]> {
  const demo = await ensureDemo(work);
  const { keys } = await runJsonChild<{ keys: string[] }>('keys-child.ts', [demo.dir, String(KEYS)]);
  const service = await startService(demo.dir);
  const endpoints = httpLoads(demo, keys);
  const figures: Figure[] = [];
  let loadSeconds = 0;
  try {
    for (const e of endpoints) {
      const got = await measureEndpoint(service, e, quick ? 2 : 3, quick ? 3 : 7);
      figures.push(...got.figures);
      loadSeconds += got.loadSeconds;
    }
    if (!quick && loadSeconds < 60) {
      const rest = 60 - loadSeconds;
      const r = await runLoad(service.origin + BALANCE_PATH(demo.key), CONNECTIONS, rest);
      loadSeconds += rest;
      if (r.errors > 0)
        figures.push({
          section: 'http',
          name: 'errors during 60 s load',
          value: r.errors,
          unit: 'errors',
          target: '= 0',
          check: { op: '<=', limit: 0, on: 'value' },
        });
    }
    figures.push({
      section: 'memory',
      name: `RSS after ${loadSeconds} s of load`,
      value: rssMB(service.child.pid) ?? null,
      unit: 'MB',
      note: `peak ${rssMB(service.child.pid, 'VmHWM')?.toFixed(1) ?? '?'} MB`,
    });
  } finally {
    await stop(service.child);
  }
  return figures;
}
