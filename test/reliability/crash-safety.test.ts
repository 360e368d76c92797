// Crash safety: SIGKILL the CLI in the middle of a big CSV import, and the server in the middle
// of settings writes. After a restart the database passes `PRAGMA integrity_check`, the import
// is wholly present or wholly absent, and the settings are one whole version, never a mix.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeLedgerCsv } from '../../bench/lib/csv.ts';
import { BENCH_ENV, CLI, ROOT } from '../../bench/lib/procs.ts';
import {
  cliBalance,
  createAccount,
  databases,
  integrityCheck,
  removeDir,
  serve,
  sleep,
  stop,
  tempDir,
} from './helpers/service.ts';

const LINES = 120_000;
let dir = '';
let scratch = '';
let key = '';

beforeAll(async () => {
  dir = tempDir('crash');
  scratch = tempDir('crash-csv');
  key = await createAccount(dir, 'crash');
});

afterAll(() => {
  removeDir(dir);
  removeDir(scratch);
});

function onlyDatabase(): string {
  const dbs = databases(dir);
  expect(dbs.length).toBeGreaterThanOrEqual(1);
  return dbs[0] ?? '';
}

/** Starts an import and kills it when `when` resolves; says whether it was still running. */
async function killedImport(csv: string, when: (db: string) => Promise<void>): Promise<boolean> {
  const child = spawn(process.execPath, [CLI, 'ledger', 'import', csv, '--key', key, '--data-dir', dir], {
    cwd: ROOT,
    env: { ...process.env, ...BENCH_ENV, ACCOUNT_MONITOR_DATA_DIR: dir },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  await Promise.race([when(onlyDatabase()), exited]);
  const wasRunning = child.exitCode === null && child.signalCode === null;
  child.kill('SIGKILL');
  await exited;
  return wasRunning;
}

async function walAbove(db: string, bytes: number): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    const wal = `${db}-wal`;
    if (existsSync(wal) && statSync(wal).size > bytes) return;
    await sleep(5);
  }
}

describe('crash safety', () => {
  it('an import killed with SIGKILL is wholly present or wholly absent, and the file stays sound', async () => {
    const csv = join(scratch, 'big.csv');
    const sum = writeLedgerCsv(csv, {
      lines: LINES,
      fromEpoch: Date.UTC(2020, 0, 1) / 1000,
      toEpoch: Date.UTC(2026, 0, 1) / 1000,
      amount: 1,
      allTopups: true,
    });
    expect(sum).toBe(LINES);
    let expected = Number(await cliBalance(dir, key));
    let killedMidway = 0;
    const moments: [string, (db: string) => Promise<void>][] = [
      ['while parsing', () => sleep(250)],
      ['once the WAL passes 256 KB', (db) => walAbove(db, 256 * 1024)],
      ['once the WAL passes 4 MB', (db) => walAbove(db, 4 * 1024 * 1024)],
    ];
    for (const [label, when] of moments) {
      const wasRunning = await killedImport(csv, when);
      // The restart: a fresh process opens the store (and recovers its journal) first.
      const balance = Number(await cliBalance(dir, key));
      expect(integrityCheck(onlyDatabase()), label).toBe('ok');
      expect([expected, expected + LINES], `${label}: balance ${balance}`).toContain(balance);
      if (wasRunning && balance === expected) killedMidway += 1;
      expected = balance;
    }
    // At least one kill really landed inside an import that then left no trace.
    expect(killedMidway).toBeGreaterThanOrEqual(1);
    // And the store still takes the whole import afterwards.
    const finished = await killedImport(csv, () => new Promise(() => undefined));
    expect(finished).toBe(false);
    expect(Number(await cliBalance(dir, key))).toBe(expected + LINES);
    expect(integrityCheck(onlyDatabase())).toBe('ok');
  });

  it('settings written while the server is killed are one whole version after restart', async () => {
    const token = 'reliability-token-0123456789abcdef';
    const A = { warningEnabled: true, warningLevel: 500, summary: ['daily'], disk: [70], bandwidth: [90] };
    const B = {
      warningEnabled: false,
      warningLevel: null,
      summary: ['weekly', 'monthly'],
      disk: [80, 90],
      bandwidth: [],
    };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const settingsXml = async (origin: string): Promise<string> => {
      const r = await fetch(`${origin}/account/get_notification_settings/?key=${encodeURIComponent(key)}`);
      expect(r.status).toBe(200);
      return r.text();
    };
    let server = await serve(dir, { ACCOUNT_MONITOR_TOKEN: token });
    let accountId = 0;
    const put = (origin: string, body: object): Promise<Response> =>
      fetch(`${origin}/app/accounts/${accountId}/settings`, { method: 'PUT', headers, body: JSON.stringify(body) });
    try {
      const stored = await fetch(`${server.origin}/app/key`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ key }),
      });
      const storedText = await stored.text();
      expect(stored.status, storedText).toBe(200);
      accountId = (JSON.parse(storedText) as { account: { id: number } }).account.id;
      expect((await put(server.origin, A)).status).toBe(200);
      const xmlA = await settingsXml(server.origin);
      expect((await put(server.origin, B)).status).toBe(200);
      const xmlB = await settingsXml(server.origin);
      expect(xmlA).not.toBe(xmlB);
      for (let round = 0; round < 3; round++) {
        let writes = 0;
        let stopWriting = false;
        const origin = server.origin;
        const writer = async (offset: number): Promise<void> => {
          for (let i = offset; !stopWriting; i++) {
            try {
              await (await put(origin, i % 2 === 0 ? A : B)).text();
              writes += 1;
            } catch {
              return; // the server is gone
            }
          }
        };
        const writers = [0, 1, 2, 3].map(writer);
        // Killed at a different point of the stream each round: after more writes have landed.
        await vi.waitFor(
          () => {
            expect(writes).toBeGreaterThanOrEqual(10 + round * 15);
          },
          { timeout: 10_000, interval: 5 },
        );
        server.child.kill('SIGKILL');
        stopWriting = true;
        await Promise.all(writers);
        await stop(server.child);
        expect(writes).toBeGreaterThan(0);
        server = await serve(dir, { ACCOUNT_MONITOR_TOKEN: token });
        expect(integrityCheck(onlyDatabase())).toBe('ok');
        expect([xmlA, xmlB]).toContain(await settingsXml(server.origin));
      }
    } finally {
      await stop(server.child);
    }
  });
});
