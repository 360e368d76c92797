// The app API's CSV import in its worker thread: all or nothing whatever goes wrong (a bad line
// late in the file, a body over the limit that declared no length, an upload cut short), one
// import at a time, and notes written formula-safe by an export read back as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvImporter, INLINE_BYTES } from '../../src-main/service/app/import-job.ts';
import { mapError } from '../../src-main/service/errors.ts';
import { accountInWindow, startService, type TestService } from '../helpers/service.ts';

const TOKEN = 'import-token-0123456789';
let svc: TestService;
let accountId: number;
/** The account in the app API (`/app/accounts/ID`), and its key's vault entry. */
let A: string;
let REF: string;

beforeAll(async () => {
  svc = await startService({ token: TOKEN });
  ({ accountId, path: A, ref: REF } = await accountInWindow(svc.app, 'imports'));
});
afterAll(async () => {
  await svc.close();
});

const total = (): number => svc.app.domain.listEntries(accountId, 1, 0).total;

function csvLines(n: number, from = 0): string {
  return Array.from(
    { length: n },
    (_, i) => `2025-01-01 00:00:${String((from + i) % 60).padStart(2, '0')},1,topup,line ${from + i}`,
  ).join('\n');
}

/** A body that arrives in `chunks` pieces, then ends, or fails when `failAt` is reached. */
function body(text: string, chunks: number, failAt?: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const size = Math.ceil(bytes.length / chunks);
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i === failAt) {
        controller.error(new Error('connection reset'));
        return;
      }
      if (i * size >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(i * size, (i + 1) * size));
      i += 1;
    },
  });
}

function importer(limit = 1024 * 1024) {
  return csvImporter({
    domain: svc.app.domain,
    dataDir: svc.dataDir,
    timeZone: 'Europe/London',
    clock: () => Date.UTC(2026, 10, 22),
    limit,
    onCommitted: () => {
      svc.app.store.invalidate();
    },
  });
}

function refusal(err: unknown): { status: number; code: string; message: string; line?: number } {
  const { detail, ...mapped } = mapError(err, () => undefined);
  return { ...mapped, ...detail };
}

describe('the import worker', () => {
  it('imports a file sent in many chunks, all of it', async () => {
    const before = total();
    expect(await importer()(accountId, body(`at,amount,kind,note\n${csvLines(3000)}\n`, 97))).toEqual({
      imported: 3000,
      skipped: 0,
      recurring: 0,
    });
    expect(total()).toBe(before + 3000);
  });

  it('a bad line near the end rolls the whole file back and is named', async () => {
    const before = total();
    const text = `at,amount,kind,note\n${csvLines(2000)}\n2025-01-02,oops,topup,x\n${csvLines(10, 2000)}\n`;
    const err = await importer()(accountId, body(text, 50)).catch((e: unknown) => e);
    expect(refusal(err)).toMatchObject({ status: 400, code: 'bad_csv', line: 2002 });
    expect(total()).toBe(before);
  });

  it('a body over the limit that declared no length is 413 once the limit is passed, and nothing is kept', async () => {
    const before = total();
    const text = `at,amount,kind,note\n${csvLines(5000)}\n`;
    const err = await importer(20_000)(accountId, body(text, 40)).catch((e: unknown) => e);
    expect(refusal(err)).toMatchObject({ status: 413, code: 'too_large' });
    expect(total()).toBe(before);
  });

  it('an upload cut short imports nothing', async () => {
    const before = total();
    const err = await importer()(accountId, body(`at,amount,kind,note\n${csvLines(4000)}\n`, 40, 30)).catch(
      (e: unknown) => e,
    );
    expect(refusal(err)).toMatchObject({ status: 400, code: 'upload_failed' });
    expect(total()).toBe(before);
  });

  it('takes one import at a time: a second one meanwhile is 409', async () => {
    const run = importer();
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    // The first upload waits half-way until the second has been refused.
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        controller.enqueue(new TextEncoder().encode('at,amount\n2025-03-01,7\n'));
        await held;
        controller.close();
      },
    });
    const first = run(accountId, slow);
    const second = await run(accountId, body('at,amount\n2025-03-02,1\n', 1)).catch((e: unknown) => e);
    expect(refusal(second)).toMatchObject({ status: 409, code: 'import_running' });
    release();
    expect(await first).toEqual({ imported: 1, skipped: 0, recurring: 0 });
  });

  it('a file imported again: asked, its duplicates are counted and nothing is written; then skipped or imported anyway, in the worker and on the request thread alike', async () => {
    const big = `at,amount,kind,note\n${csvLines(2500, 10_000)}\n`;
    const small = `at,amount,kind,note\n${csvLines(3, 20_000)}\n`;
    expect(big.length).toBeGreaterThan(INLINE_BYTES);
    const before = total();
    expect(await importer()(accountId, body(big, 7))).toEqual({ imported: 2500, skipped: 0, recurring: 0 });
    expect(await importer()(accountId, body(small, 1))).toEqual({ imported: 3, skipped: 0, recurring: 0 });
    // The same files again, with one new line each.
    const bigAgain = `${big}2024-12-31,1,topup,new big\n`;
    const smallAgain = `${small}2024-12-31,1,topup,new small\n`;
    for (const [text, rows] of [
      [bigAgain, 2501],
      [smallAgain, 4],
    ] as const) {
      const err = await importer()(accountId, body(text, 5)).catch((e: unknown) => e);
      expect(refusal(err)).toMatchObject({ status: 409, code: 'duplicates', duplicates: { found: rows - 1, rows } });
      expect(total()).toBe(before + 2503);
    }
    expect(await importer()(accountId, body(bigAgain, 5), { dateOrder: 'mdy', duplicates: 'skip' })).toEqual({
      imported: 1,
      skipped: 2500,
      recurring: 0,
    });
    expect(await importer()(accountId, body(smallAgain, 2), { dateOrder: 'mdy', duplicates: 'skip' })).toEqual({
      imported: 1,
      skipped: 3,
      recurring: 0,
    });
    expect(total()).toBe(before + 2505);
    expect(await importer()(accountId, body(small, 1), { dateOrder: 'mdy', duplicates: 'import' })).toEqual({
      imported: 3,
      skipped: 0,
      recurring: 0,
    });
    expect(total()).toBe(before + 2508);
  });

  it('through the app API: a note an export wrote formula-safe comes back as it was', async () => {
    const csv =
      "at,amount,kind,note\n2025-04-01,1,topup,'=1+2\n2025-04-02,1,topup,\"''@SUM(A1)\"\n2025-04-03,1,topup,plain\n";
    const res = await fetch(`${svc.base}${A}/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const notes = svc.app.domain.listEntries(accountId, 3, 0).entries.map((e) => e.note);
    expect(notes).toEqual(['plain', "'@SUM(A1)", '=1+2']);
  });

  it('a small file is imported on the request thread, all or nothing too', async () => {
    const before = total();
    const text = `at,amount,kind,note\n${csvLines(50)}\n2025-01-02,oops,topup,x\n`;
    const err = await importer()(accountId, body(text, 3)).catch((e: unknown) => e);
    expect(refusal(err)).toMatchObject({ status: 400, code: 'bad_csv', line: 52 });
    expect(total()).toBe(before);
    const good = `at,amount,kind,note\n${csvLines(50, 5000)}\n`;
    expect(await importer()(accountId, body(good, 3))).toEqual({ imported: 50, skipped: 0, recurring: 0 });
    expect(total()).toBe(before + 50);
  });

  it('what the worker committed is seen at once by the next request', async () => {
    const key = await svc.app.vault.get(REF);
    const balance = async (): Promise<string> =>
      /<balance>([^<]*)</.exec(
        await (await fetch(`${svc.base}/account/get_balance/?key=${key ?? ''}&datetime=2030-01-01`)).text(),
      )?.[1] ?? '';
    const before = Number(await balance());
    // Over INLINE_BYTES, so it goes through the worker.
    const csv = `at,amount,kind,note\n2025-05-01,250,topup,${'n'.repeat(450)}\n${Array.from({ length: 200 }, (_, i) => `2025-05-02,0.000001,topup,${'p'.repeat(400)}${i}`).join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(INLINE_BYTES);
    const res = await fetch(`${svc.base}${A}/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
    expect(res.status).toBe(200);
    expect(Number(await balance())).toBe(before + 250.0002);
  });

  it('reads slashed dates in the order asked, in the worker and on the request thread alike', async () => {
    const line = (note: string) => `05/07/2025,1,topup,${note}`;
    const big = `at,amount,kind,note\n${Array.from({ length: 2000 }, (_, i) => line(`dmy worker ${i}`)).join('\n')}\n`;
    expect(big.length).toBeGreaterThan(INLINE_BYTES);
    expect(await importer()(accountId, body(big, 4), { dateOrder: 'dmy', duplicates: 'ask' })).toEqual({
      imported: 2000,
      skipped: 0,
      recurring: 0,
    });
    expect(
      await importer()(accountId, body(`at,amount,kind,note\n${line('dmy inline')}\n`, 1), {
        dateOrder: 'dmy',
        duplicates: 'ask',
      }),
    ).toEqual({ imported: 1, skipped: 0, recurring: 0 });
    expect(await importer()(accountId, body(`at,amount,kind,note\n${line('mdy inline')}\n`, 1))).toEqual({
      imported: 1,
      skipped: 0,
      recurring: 0,
    });
    const at = (note: string): number | undefined =>
      svc.app.domain.listEntries(accountId, 5000, 0).entries.find((e) => e.note === note)?.at;
    expect(at('dmy worker 0')).toBe(Date.UTC(2025, 6, 5) / 1000 - 3600);
    expect(at('dmy inline')).toBe(Date.UTC(2025, 6, 5) / 1000 - 3600);
    expect(at('mdy inline')).toBe(Date.UTC(2025, 4, 7) / 1000 - 3600);
  });
});
