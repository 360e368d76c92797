// Datetime resolver throughput over the golden corpus (every input under every configuration),
// with chrono-node's parseDate measured in the same run on the same inputs, and formatLocal.
// Rates are per CPU second of this process. Standalone: `node bench/dates.ts` prints a table. Targets: >= 650,000 resolutions/s and >= 10x
// chrono-node.
import { readFileSync } from 'node:fs';
import * as chrono from 'chrono-node';
import { formatLocal, parseLocalWallTime, resolve } from '../src-main/dates/index.ts';

interface Metric { name: string; value: number; unit: string; baseline?: number; target?: string }
interface Config { name: string; zone: string; now: string }

const root = new URL('../', import.meta.url);

function loadCorpus(): { inputs: string[]; configs: { zone: string; now: number }[] } {
  const configs = (JSON.parse(readFileSync(new URL('scripts/goldens/configs.json', root), 'utf8')) as Config[])
    .map((c) => ({ zone: c.zone, now: parseLocalWallTime(c.now, c.zone) ?? 0 }));
  const inputs = readFileSync(new URL('test/dates/goldens/php.jsonl', root), 'utf8')
    .split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as [string])[0]);
  return { inputs, configs };
}

/** CPU milliseconds (user + system) this process has used: robust to other load on the machine. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Runs `pass` (which performs `perPass` operations) until at least `ms` of this process's CPU time
 * elapsed; operations per CPU second. CPU time rather than wall time, so a busy shared machine
 * does not distort the figure (both sides are measured the same way).
 */
function rate(pass: () => void, perPass: number, ms: number): number {
  pass(); // warm-up: JIT and the zone/DFA caches
  let passes = 0;
  const started = cpuMs();
  let elapsed: number;
  do {
    pass();
    passes++;
    elapsed = cpuMs() - started;
  } while (elapsed < ms);
  return (passes * perPass) / (elapsed / 1000);
}

export async function benchDates(): Promise<Metric[]> {
  await Promise.resolve();
  const { inputs, configs } = loadCorpus();
  let sink = 0;
  const ours = rate(() => {
    for (const c of configs) {
      const options = { now: c.now, timeZone: c.zone };
      for (const text of inputs) sink += resolve(text, options).epochSeconds;
    }
  }, inputs.length * configs.length, 3000);
  const chronoSample = inputs.slice(0, 4000);
  const ref = new Date(configs[0]?.now ?? 0);
  const theirs = rate(() => {
    for (const text of chronoSample) sink += chrono.parseDate(text, ref)?.getTime() ?? 0;
  }, chronoSample.length, 3000);
  const epochs = inputs.map((_, i) => 1700000000 + i * 7919);
  const fmt = rate(() => {
    for (const c of configs) for (const e of epochs) sink += formatLocal(e, c.zone).length;
  }, epochs.length * configs.length, 1500);
  if (sink === 42) console.log('');
  return [
    { name: 'dates.resolve', value: Math.round(ours), unit: 'resolutions/s', target: '>= 650000' },
    { name: 'dates.chrono-parseDate', value: Math.round(theirs), unit: 'parses/s' },
    { name: 'dates.resolve-vs-chrono', value: Math.round((ours / theirs) * 10) / 10, unit: 'x', baseline: 1, target: '>= 10' },
    { name: 'dates.formatLocal', value: Math.round(fmt), unit: 'formats/s' },
  ];
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const metrics = await benchDates();
  const w = Math.max(...metrics.map((m) => m.name.length));
  for (const m of metrics) console.log(`${m.name.padEnd(w)}  ${String(m.value).padStart(12)} ${m.unit.padEnd(14)} ${m.target ?? ''}`);
}
