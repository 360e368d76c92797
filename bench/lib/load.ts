// Runs the load generator in its own process, on its own core when PINNING allows, so it never
// shares an event loop or a core with the server it measures. wrk (C, from Debian: `apt-get
// install wrk`) when it is installed: it makes a request in a few microseconds, so the server,
// not the generator, is what the figures measure. autocannon otherwise (JavaScript, in
// load-child.ts): against the same bare server it made about 44,000 requests a second with a
// new URL each (wrk: 80,000) and 70,000 with one URL (wrk: 77,000) on 2026-11-25, and about
// 17,000 on the busier machine of 2026-11-24; its own queueing then shows in the ratios and p99.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runJsonChild, runJsonCommand } from './procs.ts';

export interface LoadResult {
  rps: number;
  /** Milliseconds, from every response's own timing. */
  p50: number;
  p99: number;
  total: number;
  /** Connection errors, timeouts and non-2xx answers together. */
  errors: number;
  durationS: number;
}

/** The shape of a load: one URL, or one of `paths` per request (see load-child.ts). */
export interface LoadShape {
  /** Replace `{n}` by a new number on every request, from this one on. */
  counterStart?: number;
  /** Paths to pick from at random per request (`{n}`, `{r}`, `{d}` filled in: see wrk-load.lua). */
  paths?: readonly string[];
}

/** Which program makes the load: wrk when it is on the PATH. */
export const LOAD_GENERATOR: 'wrk' | 'autocannon' =
  process.env.BENCH_LOAD_GENERATOR === 'autocannon' || spawnSync('wrk', ['--version']).error !== undefined
    ? 'autocannon'
    : 'wrk';

/** Runs the load generator against `url` for `durationS` whole seconds. */
export function runLoad(
  url: string,
  connections: number,
  durationS: number,
  shape: LoadShape = {},
): Promise<LoadResult> {
  if (LOAD_GENERATOR === 'wrk') return runWrk(url, connections, durationS, shape);
  const env: Record<string, string> =
    shape.paths === undefined ? {} : { BENCH_LOAD_PATHS: JSON.stringify(shape.paths) };
  return runJsonChild<LoadResult>(
    'load-child.ts',
    [
      url,
      String(connections),
      String(durationS),
      ...(shape.counterStart === undefined ? [] : [String(shape.counterStart)]),
    ],
    env,
    'load',
  );
}

function runWrk(url: string, connections: number, durationS: number, shape: LoadShape): Promise<LoadResult> {
  const target = new URL(url);
  // A path with "{n}" is not a URL wrk takes: every shape but the fixed URL goes through the file.
  const templates = shape.paths ?? (shape.counterStart === undefined ? undefined : [target.pathname + target.search]);
  const dir = templates === undefined ? undefined : mkdtempSync(join(tmpdir(), 'am-wrk-'));
  const env: Record<string, string> = { BENCH_COUNTER_START: String(shape.counterStart ?? 0) };
  if (dir !== undefined && templates !== undefined) {
    env.BENCH_LOAD_PATHS_FILE = join(dir, 'paths');
    writeFileSync(
      env.BENCH_LOAD_PATHS_FILE,
      templates.map((p) => p.replace(/%7B([nrd])%7D/g, '{$1}')).join('\n') + '\n',
    );
  }
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${Math.max(1, Math.round(durationS))}s`,
    '--timeout',
    '10s',
    '-s',
    join(ROOT, 'bench', 'wrk-load.lua'),
    templates === undefined ? url : target.origin + '/',
  ];
  return runJsonCommand<LoadResult>('wrk', 'wrk', args, env, 'load').finally(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
}
