// Two writers: the running server writing for the window while fifteen CLI imports run at once
// into the same data folder. Every import succeeds (none "database is locked"), every window
// write succeeds, and the ledger adds up exactly to what was written.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  balanceFrom,
  FAR_FUTURE,
  removeDir,
  run,
  serve,
  stop,
  tempDir,
  type Started,
} from './helpers/service.ts';

const IMPORTS = 15;
const LINES = 20_000;
const WINDOW_WRITES = 60;
const TOKEN = 'two-writers-token-0123456789abcdef';

let dir = '';
let scratch = '';
let server: Started | undefined;

beforeAll(async () => {
  dir = tempDir('writers');
  scratch = tempDir('writers-csv');
  server = await serve(dir, { ACCOUNT_MONITOR_TOKEN: TOKEN });
});

afterAll(async () => {
  if (server) await stop(server.child);
  removeDir(dir);
  removeDir(scratch);
});

const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

describe('two writers', () => {
  // The bound is only "not hung": on a loaded machine the imports take several times as long.
  it(
    `${IMPORTS} CLI imports beside the window's writes all succeed, and the totals add up exactly`,
    { timeout: 300_000 },
    async () => {
      const origin = server?.origin ?? '';
      const cliKey = await createAccount(dir, 'imported by scripts');
      const windowKey = await createAccount(dir, 'written by the window');
      const held = await fetch(`${origin}/app/key`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ key: windowKey }),
      });
      expect(held.status).toBe(200);
      const a = `${origin}/app/accounts/${((await held.json()) as { account: { id: number } }).account.id}`;

      const files = Array.from({ length: IMPORTS }, (_, i) => {
        const file = join(scratch, `import-${i}.csv`);
        const lines = Array.from(
          { length: LINES },
          (_, j) =>
            `2024-${String((j % 12) + 1).padStart(2, '0')}-${String((j % 28) + 1).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:00:${String(j % 60).padStart(2, '0')},${i + 1},topup,file ${i} line ${j}`,
        );
        writeFileSync(file, `at,amount,kind,note\n${lines.join('\n')}\n`);
        return file;
      });

      let windowDone = false;
      const windowWrites = (async (): Promise<number[]> => {
        const statuses: number[] = [];
        for (let i = 0; i < WINDOW_WRITES; i++) {
          const res =
            i % 10 === 9
              ? await fetch(`${a}/settings`, {
                  method: 'PUT',
                  headers: auth,
                  body: JSON.stringify({ warningEnabled: true, warningLevel: i }),
                })
              : await fetch(`${a}/ledger`, {
                  method: 'POST',
                  headers: auth,
                  body: JSON.stringify({
                    at: `2025-01-01 00:${String(i % 60).padStart(2, '0')}:00`,
                    amount: '3',
                    kind: 'topup',
                  }),
                });
          statuses.push(res.status);
        }
        windowDone = true;
        return statuses;
      })();
      const imports = await Promise.all(files.map((file) => run(dir, ['ledger', 'import', file, '--key', cliKey])));
      const windowStatuses = await windowWrites;

      expect(
        imports.map((r) => (r.code === 0 ? 'ok' : r.stderr.trim())),
        'every CLI import succeeds',
      ).toEqual(files.map(() => 'ok'));
      expect(imports.map((r) => r.stdout.trim())).toEqual(files.map(() => String(LINES)));
      expect(windowDone).toBe(true);
      expect(
        windowStatuses.filter((s) => s !== 200 && s !== 201),
        'every window write succeeds',
      ).toEqual([]);

      const balance = async (key: string): Promise<number> =>
        Number(
          balanceFrom(
            await (
              await fetch(`${origin}/account/get_balance/?key=${encodeURIComponent(key)}&datetime=${FAR_FUTURE}`)
            ).text(),
          ),
        );
      // File i holds LINES top-ups of i + 1 pence.
      const imported = Array.from({ length: IMPORTS }, (_, i) => LINES * (i + 1)).reduce((a, b) => a + b, 0);
      expect(await balance(cliKey)).toBe(imported);
      const entries = WINDOW_WRITES - WINDOW_WRITES / 10;
      expect(await balance(windowKey)).toBe(3 * entries);
      const page = (await (await fetch(`${a}/ledger?limit=1`, { headers: auth })).json()) as { total: number };
      expect(page.total).toBe(entries);
    },
  );
});
