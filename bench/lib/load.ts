// Runs the load generator in its own process (bench/load-child.ts, autocannon inside), so it
// never shares an event loop with the server it measures.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './procs.ts';

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
  const args = [join(ROOT, 'bench', 'load-child.ts'), url, String(connections), String(durationS), ...(counterStart === undefined ? [] : [String(counterStart)])];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => { out += c; });
  child.stderr.setEncoding('utf8').on('data', (c: string) => { err = (err + c).slice(-4000); });
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out) as LoadResult);
      } catch (e) {
        reject(new Error(`load generator failed (exit ${code ?? '?'}): ${err} ${String(e)}`));
      }
    });
  });
}
