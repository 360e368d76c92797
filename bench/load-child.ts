// Load generator process: drives autocannon and records every response time itself, because
// autocannon's own histogram keeps whole milliseconds and a fast server's p50 would read "0".
// Usage: node bench/load-child.ts URL CONNECTIONS SECONDS [COUNTER_START] -> one JSON line.
// With COUNTER_START, every `{n}` in the URL becomes a number that grows by one per request,
// so no two requests ask the same question (no answer cache can help). With BENCH_LOAD_PATHS
// (a JSON array of paths), each request takes one of them at random (seeded), `{n}` as above,
// `{r}` a random instant and `{d}` a random local date and time as people write it
// ("2027-03-04 05:06:07", percent-encoded): many keys, repeated and random instants in one load.
import { createRequire } from 'node:module';
import { mulberry32 } from '../test/helpers/prng.ts';

interface Instance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  on(event: 'done', listener: (result: { errors: number; timeouts: number; duration: number }) => void): void;
}
interface RequestData {
  path: string;
}
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
const templates =
  process.env.BENCH_LOAD_PATHS === undefined
    ? [target.pathname + target.search]
    : (JSON.parse(process.env.BENCH_LOAD_PATHS) as string[]);
const random = mulberry32(7);
// Instants from 2020 to 2032: the ledger's past, its present and its forecast.
const instant = (): string => String(1_577_836_800 + Math.floor(random() * 380_000_000));
const two = (n: number): string => String(n).padStart(2, '0');
const pick = (from: number, to: number): number => from + Math.floor(random() * (to - from + 1));
const dateTime = (): string =>
  `${pick(2020, 2031)}-${two(pick(1, 12))}-${two(pick(1, 28))}%20${two(pick(0, 23))}:${two(pick(0, 59))}:${two(pick(0, 59))}`;
const pathOf = (): string =>
  (templates[templates.length === 1 ? 0 : Math.floor(random() * templates.length)] ?? '')
    .replace(/\{n\}|%7Bn%7D/g, () => String(counter++))
    .replace(/\{d\}|%7Bd%7D/g, dateTime)
    .replace(/\{r\}|%7Br%7D/g, instant);
const requests =
  counterStart === undefined && process.env.BENCH_LOAD_PATHS === undefined
    ? undefined
    : [{ setupRequest: (req: RequestData): RequestData => ({ ...req, path: pathOf() }) }];

let times = new Float64Array(1 << 20);
let n = 0;
let bad = 0;
const instance = autocannon({
  url,
  connections: Number(connections ?? 50),
  duration: Number(seconds ?? 10),
  ...(requests === undefined ? {} : { requests }),
});
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
  process.stdout.write(
    JSON.stringify({
      rps: n / result.duration,
      p50: pct(50),
      p99: pct(99),
      total: n,
      errors: bad + result.errors + result.timeouts,
      durationS: result.duration,
    }) + '\n',
  );
});
