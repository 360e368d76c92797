// Load generator process: drives autocannon and records every response time itself, because
// autocannon's own histogram keeps whole milliseconds and a fast server's p50 would read "0".
// Usage: node bench/load-child.ts URL CONNECTIONS SECONDS [COUNTER_START] -> one JSON line.
// With COUNTER_START, every `{n}` in the URL becomes a number that grows by one per request,
// so no two requests ask the same question (no answer cache can help).
import { createRequire } from 'node:module';

interface Instance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  on(event: 'done', listener: (result: { errors: number; timeouts: number; duration: number }) => void): void;
}
interface RequestData { path: string }
interface Options {
  url: string;
  connections: number;
  duration: number;
  requests?: { setupRequest: (req: RequestData) => RequestData }[];
}
type Autocannon = (opts: Options) => Instance;

// autocannon is CommonJS without type declarations: the narrow shape above is all we use.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const [url, connections, seconds, counterStart] = process.argv.slice(2);
if (url === undefined) throw new Error('usage: load-child.ts URL CONNECTIONS SECONDS [COUNTER_START]');
const target = new URL(url);
let counter = Number(counterStart ?? 0);
const pathTemplate = target.pathname + target.search;
const requests = counterStart === undefined
  ? undefined
  : [{ setupRequest: (req: RequestData): RequestData => ({ ...req, path: pathTemplate.replace(/\{n\}|%7Bn%7D/g, String(counter++)) }) }];

let times = new Float64Array(1 << 20);
let n = 0;
let bad = 0;
const instance = autocannon({ url, connections: Number(connections ?? 50), duration: Number(seconds ?? 10), ...(requests === undefined ? {} : { requests }) });
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
