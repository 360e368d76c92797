// Load generator process: drives autocannon and records every response time itself, because
// autocannon's own histogram keeps whole milliseconds and a fast server's p50 would read "0".
// Usage: node bench/load-child.ts URL CONNECTIONS SECONDS   -> one JSON line on stdout.
import { createRequire } from 'node:module';

interface Instance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  on(event: 'done', listener: (result: { errors: number; timeouts: number; duration: number }) => void): void;
}
type Autocannon = (opts: { url: string; connections: number; duration: number }) => Instance;

// autocannon is CommonJS without type declarations: the narrow shape above is all we use.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const [url, connections, seconds] = process.argv.slice(2);
if (url === undefined) throw new Error('usage: load-child.ts URL CONNECTIONS SECONDS');

let times = new Float64Array(1 << 20);
let n = 0;
let bad = 0;
const instance = autocannon({ url, connections: Number(connections ?? 50), duration: Number(seconds ?? 10) });
instance.on('response', (_client, status, _bytes, ms) => {
  if (status < 200 || status >= 300) bad += 1;
  if (n === times.length) {
    const bigger = new Float64Array(times.length * 2);
    bigger.set(times);
    times = bigger;
  }
  times[n++] = ms;
});
instance.on('done', (result) => {
  const sorted = times.subarray(0, n).sort();
  const pct = (p: number): number => sorted[Math.min(n - 1, Math.floor((p / 100) * n))] ?? 0;
  process.stdout.write(JSON.stringify({
    rps: n / result.duration,
    p50: pct(50),
    p99: pct(99),
    total: n,
    errors: bad + result.errors + result.timeouts,
    durationS: result.duration,
  }) + '\n');
});
