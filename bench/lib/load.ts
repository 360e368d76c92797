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

/** `counterStart`: replace `{n}` in the URL by a new number on every request. */
export function runLoad(url: string, connections: number, durationS: number, counterStart?: number): Promise<LoadResult> {
  return runJsonChild<LoadResult>('load-child.ts', [url, String(connections), String(durationS), ...(counterStart === undefined ? [] : [String(counterStart)])]);
}
