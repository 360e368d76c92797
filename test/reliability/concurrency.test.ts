// Concurrency: readers keep asking the running server for a balance while another process
// imports a big CSV into the same data folder, or while the server imports one sent to its app
// API. Every answer is a 200 and shows the ledger either wholly before or wholly after the
// import, the import is visible once committed, and during the server's own import every
// answer still comes within a second (the import runs off the event loop).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeLedgerCsv } from '../../bench/lib/csv.ts';
import { BENCH_ENV, CLI, ROOT } from '../../bench/lib/procs.ts';
import {
  balanceFrom,
  createAccount,
  FAR_FUTURE,
  removeDir,
  serve,
  stop,
  tempDir,
  type Started,
} from './helpers/service.ts';

const LINES = 50_000;
let dir = '';
let scratch = '';
let key = '';
let server: Started | undefined;
const TOKEN = 'concurrency-token-0123456789abcdef';

beforeAll(async () => {
  dir = tempDir('conc');
  scratch = tempDir('conc-csv');
  key = await createAccount(dir, 'concurrency');
  server = await serve(dir, { ACCOUNT_MONITOR_TOKEN: TOKEN });
});

afterAll(async () => {
  if (server) await stop(server.child);
  removeDir(dir);
  removeDir(scratch);
});

async function read(): Promise<{ status: number; balance: string; ms: number }> {
  const url = `${server?.origin ?? ''}/account/get_balance/?key=${encodeURIComponent(key)}&datetime=${FAR_FUTURE}`;
  const started = performance.now();
  const r = await fetch(url);
  const body = await r.text();
  return {
    status: r.status,
    balance: r.status === 200 ? balanceFrom(body) : body.slice(0, 200),
    ms: performance.now() - started,
  };
}

interface Seen {
  status: number;
  balance: string;
  ms: number;
  during: boolean;
}

/** Readers that keep asking until told to stop; `during` marks answers asked while importing. */
function startReaders(importing: () => boolean): { stop: () => Promise<Seen[]>; afterwards: () => Promise<void> } {
  const seen: Seen[] = [];
  let stopped = false;
  /** Waits until the readers have also read a few times after the import ended. */
  const afterwards = (): Promise<void> =>
    vi.waitFor(
      () => {
        expect(seen.filter((x) => !x.during).length).toBeGreaterThanOrEqual(6);
      },
      { timeout: 10_000, interval: 10 },
    );
  const reader = async (): Promise<void> => {
    while (!stopped) {
      const during = importing();
      seen.push({ ...(await read()), during });
    }
  };
  const readers = Array.from({ length: 6 }, reader);
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(readers);
      return seen;
    },
    afterwards,
  };
}

describe('concurrency', () => {
  it('readers during a CLI import see no error and never a half-import', async () => {
    const before = await read();
    expect(before.status).toBe(200);
    const base = Number(before.balance);

    const csv = join(scratch, 'import.csv');
    writeLedgerCsv(csv, {
      lines: LINES,
      fromEpoch: Date.UTC(2021, 0, 1) / 1000,
      toEpoch: Date.UTC(2026, 0, 1) / 1000,
      amount: 1,
      allTopups: true,
    });

    let importing = true;
    const readers = startReaders(() => importing);
    const child = spawn(process.execPath, [CLI, 'ledger', 'import', csv, '--key', key, '--data-dir', dir], {
      cwd: ROOT,
      env: { ...process.env, ...BENCH_ENV, ACCOUNT_MONITOR_DATA_DIR: dir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    importing = false;
    await readers.afterwards();
    const seen = await readers.stop();

    expect(code, stderr).toBe(0);
    const errors = seen.filter((s) => s.status !== 200);
    expect(errors.slice(0, 5)).toEqual([]);
    const odd = seen.filter((s) => Number(s.balance) !== base && Number(s.balance) !== base + LINES);
    expect(odd.slice(0, 5), 'a reader saw part of the import').toEqual([]);
    expect(seen.filter((s) => s.during).length).toBeGreaterThan(10);
    expect(Number((await read()).balance)).toBe(base + LINES);
  });

  it('readers while the server itself imports (app API) see no error, never a half-import, and wait under a second', async () => {
    const origin = server?.origin ?? '';
    const headers = { authorization: `Bearer ${TOKEN}` };
    const stored = await fetch(`${origin}/app/key`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    const storedText = await stored.text();
    expect(stored.status, storedText).toBe(200);
    const accountId = (JSON.parse(storedText) as { account: { id: number } }).account.id;
    const base = Number((await read()).balance);
    // About 8 MB: written on the event loop, this blocked every answer for seconds.
    const lines = 200_000;
    const csv = join(scratch, 'app-import.csv');
    writeLedgerCsv(csv, {
      lines,
      fromEpoch: Date.UTC(2019, 0, 1) / 1000,
      toEpoch: Date.UTC(2020, 0, 1) / 1000,
      amount: 1,
      allTopups: true,
    });
    let importing = true;
    const readers = startReaders(() => importing);
    const importStarted = performance.now();
    const answer = await fetch(`${origin}/app/accounts/${accountId}/import`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: readFileSync(csv),
    });
    const text = await answer.text();
    const importMs = performance.now() - importStarted;
    importing = false;
    await readers.afterwards();
    const seen = await readers.stop();
    expect(answer.status, text).toBe(200);
    expect(seen.filter((x) => x.status !== 200).slice(0, 5)).toEqual([]);
    expect(seen.filter((x) => Number(x.balance) !== base && Number(x.balance) !== base + lines).slice(0, 5)).toEqual(
      [],
    );
    expect(seen.filter((x) => x.during).length).toBeGreaterThan(10);
    const slowest = Math.max(...seen.map((x) => x.ms));
    // Written on the event loop, the import held every answer for about its whole length; off
    // it, a reader waits a small part of it. A second on a quick machine, a quarter of the import
    // on one so loaded that the import itself is slow.
    expect(
      slowest,
      `the slowest answer during the ${importMs.toFixed(0)} ms import took ${slowest.toFixed(0)} ms`,
    ).toBeLessThan(Math.max(1000, importMs / 4));
    expect(Number((await read()).balance)).toBe(base + lines);
  });
});
