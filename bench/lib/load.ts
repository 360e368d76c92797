// Runs the load generator in its own process (bench/load-child.ts, autocannon inside), so it
// never shares an event loop with the server it measures.
import { runJsonChild } from './procs.ts';

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
  /** Paths to pick from at random per request (`{n}`, `{r}` filled in). */
  paths?: readonly string[];
}

/** Runs the load generator (on its own core when PINNING allows) against `url`. */
export function runLoad(url: string, connections: number, durationS: number, shape: LoadShape = {}): Promise<LoadResult> {
  const env: Record<string, string> = shape.paths === undefined ? {} : { BENCH_LOAD_PATHS: JSON.stringify(shape.paths) };
  return runJsonChild<LoadResult>('load-child.ts', [url, String(connections), String(durationS), ...(shape.counterStart === undefined ? [] : [String(shape.counterStart)])], env, 'load');
}
