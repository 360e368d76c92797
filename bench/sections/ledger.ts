// Ledger scale: accounts of 1k, 100k and 1M entries plus 20 recurring charges, seeded through
// the CLI's CSV import (itself a target at 1M), then measured in-process by bench/ledger-child.ts.
// On the biggest: the same file imported again with its duplicates skipped (every row looked up),
// and the whole ledger exported as CSV (ledger list; the window's export makes the same text).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figure } from '../lib/figures.ts';
import { writeLedgerCsv } from '../lib/csv.ts';
import { cli, cliOk, ROOT, rssMB, runJsonChild, startService, stop, BENCH_ENV } from '../lib/procs.ts';
import type { Workdir } from './workdir.ts';

const FROM = Date.UTC(2016, 0, 1) / 1000;
const TO = Date.UTC(2026, 10, 1) / 1000;

export interface ChildResult {
  balanceP50: number;
  balanceP99: number;
  balanceP99s: number[];
  /** p99 of the index lookup alone, straight from SQLite. */
  indexP99: number;
  /** Distinct instants held in memory after the warm-up (about 16 bytes each), and its slowest ask (the load). */
  heldInstants: number;
  slowestWarmUpMs: number;
  insertP50: number;
  insertP99: number;
  insertP99s: number[];
  samples: number;
  inserts: number;
  /** Median and slowest time of the chart's 200-point series, ms. */
  seriesMs: number;
  seriesMaxMs: number;
  forecastMs: number;
  /** Heap one series call left allocated (MB), or null without --expose-gc. */
  seriesHeapMB: number | null;
}

interface Seeded {
  dir: string;
  key: string;
  csv: string;
  lines: number;
  importMs: number;
  importPeakMB: number | undefined;
}

async function seed(work: Workdir, lines: number): Promise<Seeded> {
  const dir = work.path(`ledger-${lines}`);
  const env = { ACCOUNT_MONITOR_DATA_DIR: dir };
  const key =
    (await cliOk(['account', 'create', `bench ${lines}`, '--data-dir', dir], env)).split('\n').pop()?.trim() ?? '';
  const csv = work.path(`ledger-${lines}.csv`);
  writeLedgerCsv(csv, { lines, fromEpoch: FROM, toEpoch: TO, amount: 1500 });
  const peakFile = work.path(`peak-${lines}.txt`);
  const imported = await cli(
    ['ledger', 'import', csv, '--key', key, '--data-dir', dir],
    { ...env, BENCH_PEAK_RSS_FILE: peakFile },
    ['--import', join(ROOT, 'bench', 'peak-rss.ts')],
  );
  if (imported.code !== 0) throw new Error(`import of ${lines} lines failed: ${imported.stderr.trim()}`);
  // One recurring charge through the CLI (the user's path); ledger-child adds the other 19
  // in-process, because 19 more process starts would only slow the run down.
  await cliOk(
    [
      'recurring',
      'add',
      '--key',
      key,
      '--amount',
      '1000',
      '--every',
      'month',
      '--from',
      '2016-01-01',
      '--data-dir',
      dir,
    ],
    env,
  );
  const peakMB = existsSync(peakFile) ? Number(readFileSync(peakFile, 'utf8')) / 1024 : undefined;
  return { dir, key, csv, lines, importMs: imported.ms, importPeakMB: peakMB };
}

/** In-process measurements run in their own process, so one size's caches never help another. */
function measure(s: Seeded, quick: boolean): Promise<ChildResult> {
  return runJsonChild<ChildResult>(
    'ledger-child.ts',
    [s.dir, s.key, String(FROM), String(TO), quick ? '2000' : '20000'],
    BENCH_ENV,
    'none',
    ['--expose-gc'],
  );
}

/** The seeding file imported a second time (all of it duplicates, skipped), then the ledger exported. */
async function againAndExport(s: Seeded): Promise<Figure[]> {
  const env = { ACCOUNT_MONITOR_DATA_DIR: s.dir };
  const again = await cli(
    ['ledger', 'import', s.csv, '--key', s.key, '--data-dir', s.dir, '--duplicates', 'skip'],
    env,
  );
  if (again.code !== 0) throw new Error(`second import failed: ${again.stderr.trim()}`);
  const listed = await cli(['ledger', 'list', '--key', s.key, '--data-dir', s.dir], env);
  if (listed.code !== 0) throw new Error(`ledger list failed: ${listed.stderr.trim()}`);
  const rows = listed.stdout.split('\n').length - 2;
  return [
    {
      section: 'ledger',
      name: `${label(s.lines)}: the same file again, duplicates skipped`,
      value: again.ms / 1000,
      unit: 's',
      baseline: s.importMs / 1000,
      baselineLabel: 'first import',
      note: `whole CLI process; each row looked up in the ledger; ${again.stdout.trim()} imported, ${again.stderr.trim()}`,
    },
    {
      section: 'ledger',
      name: `${label(s.lines)}: CSV export of the ledger`,
      value: listed.ms / 1000,
      unit: 's',
      note: `ledger list, whole CLI process, ${rows} rows, ${(listed.stdout.length / 1e6).toFixed(0)} MB`,
    },
  ];
}

function label(n: number): string {
  return n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`;
}

export async function ledgerFigures(work: Workdir, quick: boolean): Promise<Figure[]> {
  const sizes = quick ? [1_000, 10_000, 100_000] : [1_000, 100_000, 1_000_000];
  const figures: Figure[] = [];
  const results = new Map<number, ChildResult>();
  let biggest: Seeded | undefined;
  for (const n of sizes) {
    const s = await seed(work, n);
    const r = await measure(s, quick);
    results.set(n, r);
    biggest = s;
    console.log(
      `   ${label(n)}: import ${(s.importMs / 1000).toFixed(1)} s, balance p50 ${r.balanceP50.toFixed(4)} p99 ${r.balanceP99.toFixed(4)} ms, insert p99 ${r.insertP99.toFixed(3)} ms`,
    );
    figures.push({
      section: 'ledger',
      name: `${label(n)} entries: CSV import`,
      value: s.importMs / 1000,
      unit: 's',
      ...(n === 1_000_000 ? { target: '< 15 s', check: { op: '<', limit: 15, on: 'value' } as const } : {}),
      note: `whole CLI process, streamed; peak RSS ${s.importPeakMB?.toFixed(0) ?? '?'} MB`,
    });
  }
  const small = results.get(sizes[0] ?? 0);
  for (const n of sizes) {
    const r = results.get(n);
    if (r === undefined) continue;
    const big = n === sizes[sizes.length - 1];
    const list = (xs: number[]): string => xs.map((x) => x.toFixed(3)).join('/');
    figures.push({
      section: 'ledger',
      name: `${label(n)}: balance p50`,
      value: r.balanceP50,
      unit: 'ms',
      note: `${r.samples} random instants in 3 rounds (median round), +20 recurring charges; round p99s ${list(r.balanceP99s)} ms`,
    });
    figures.push({
      section: 'ledger',
      name: `${label(n)}: balance p99`,
      value: r.balanceP99,
      unit: 'ms',
      ...(big ? { target: '< 1 ms', check: { op: '<', limit: 1, on: 'value' } as const } : {}),
    });
    if (big && small !== undefined) {
      // What a caller sees (issue 36): the balance at a million entries against a thousand, each
      // the way the service answers it (a small ledger from memory, a big one through the index).
      figures.push({
        section: 'ledger',
        name: `${label(n)}: balance p99 vs ${label(sizes[0] ?? 0)}`,
        value: r.balanceP99,
        unit: 'ms',
        baseline: small.balanceP99,
        baselineLabel: `${label(sizes[0] ?? 0)} p99`,
        target: '<= 2x',
        check: { op: '<=', limit: 2, on: 'ratio' },
        note: `balanceText at random instants, as the endpoint computes and prints it; round p99s ${list(r.balanceP99s)} ms against ${list(small.balanceP99s)} ms; held in memory ${r.heldInstants} instants (about ${((r.heldInstants * 16) / 2 ** 20).toFixed(1)} MB), slowest warm-up ask ${r.slowestWarmUpMs.toFixed(0)} ms (the load)`,
      });
      // Small ledgers are summed from memory, so the growth of the index itself is judged on
      // index lookups alone (SQLite every time) at both sizes.
      figures.push({
        section: 'ledger',
        name: `${label(n)}: index lookup p99 vs ${label(sizes[0] ?? 0)}`,
        value: r.indexP99,
        unit: 'ms',
        baseline: small.indexP99,
        baselineLabel: `${label(sizes[0] ?? 0)} p99`,
        target: '<= 2x',
        check: { op: '<=', limit: 2, on: 'ratio' },
        note: 'the sum of entries up to a random instant through the SQLite index, no cache',
      });
    }
    figures.push({
      section: 'ledger',
      name: `${label(n)}: back-dated insert p99`,
      value: r.insertP99,
      unit: 'ms',
      ...(big ? { target: '< 5 ms', check: { op: '<', limit: 5, on: 'value' } as const } : {}),
      note: `p50 ${r.insertP50.toFixed(3)} ms over ${r.inserts} inserts in 3 rounds; round p99s ${list(r.insertP99s)} ms`,
    });
    figures.push({
      section: 'ledger',
      name: `${label(n)}: chart series, 200 points`,
      value: r.seriesMs,
      unit: 'ms',
      ...(big ? { target: '< 50 ms', check: { op: '<', limit: 50, on: 'value' } as const } : {}),
      note: `90 days either side of now, as /app/series computes it; median of 21 calls, slowest ${r.seriesMaxMs.toFixed(2)} ms; forecast over 90 days ${r.forecastMs.toFixed(2)} ms`,
    });
    if (r.seriesHeapMB !== null) {
      const smallHeap = small?.seriesHeapMB ?? null;
      figures.push({
        section: 'memory',
        name: `${label(n)}: heap one chart series allocates`,
        value: r.seriesHeapMB,
        unit: 'MB',
        ...(big
          ? {
              target: '< 5 MB',
              check: { op: '<', limit: 5, on: 'value' } as const,
              ...(smallHeap === null ? {} : { baseline: smallHeap, baselineLabel: label(sizes[0] ?? 0) }),
            }
          : {}),
        note: 'heap in use after one call minus before it (collected first): flat means no growth with the ledger',
      });
    }
  }
  if (biggest !== undefined) {
    const svc = await startService(biggest.dir);
    try {
      const r = await fetch(
        `${svc.origin}/account/get_balance/?key=${encodeURIComponent(biggest.key)}&datetime=2026-01-01`,
      );
      await r.text();
      figures.push({
        section: 'memory',
        name: `RSS serving the ${label(sizes[sizes.length - 1] ?? 0)} account`,
        value: rssMB(svc.child.pid) ?? null,
        unit: 'MB',
        note: `headless server after the import and one balance (status ${r.status})`,
      });
    } finally {
      await stop(svc.child);
    }
    figures.push(...(await againAndExport(biggest)));
    const bigImport = sizes[sizes.length - 1] === 1_000_000;
    figures.push({
      section: 'memory',
      name: `peak RSS of the ${label(sizes[sizes.length - 1] ?? 0)} import`,
      value: biggest.importPeakMB ?? null,
      unit: 'MB',
      ...(bigImport ? { target: '< 300 MB', check: { op: '<', limit: 300, on: 'value' } as const } : {}),
    });
  }
  return figures;
}
