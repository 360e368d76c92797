// The window's ledger tools over real HTTP against the real service and SQLite: an entry edited
// in place, a recurring charge ended from a date, the ledger searched and filtered, exported as
// CSV (and that export imported back), and an import's duplicates.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountInWindow, startService, type TestService } from '../helpers/service.ts';

let svc: TestService;
let path: string;
let accountId: number;
let key: string;
const auth = { Authorization: 'Bearer test-token-0123456789' };

beforeEach(async () => {
  // Sunday 22 November 2026, 10:35 in London.
  svc = await startService({ now: '2026-11-22T10:35:00' });
  ({ path, accountId, key } = await accountInWindow(svc.app, 'Tools'));
});
afterEach(async () => {
  await svc.close();
});

async function call(
  method: string,
  url: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<{ status: number; json: Record<string, unknown>; text: string; headers: Headers }> {
  const res = await fetch(svc.base + url, {
    method,
    headers: { ...auth, 'Content-Type': contentType },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* CSV, XML or empty */
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** The spec's balance at a phrase, through the public endpoint with the account's key. */
async function balance(phrase: string): Promise<string> {
  const res = await fetch(
    `${svc.base}/account/get_balance/?key=${encodeURIComponent(key)}&datetime=${encodeURIComponent(phrase)}`,
  );
  const match = /<balance>([^<]*)<\/balance>/.exec(await res.text());
  if (match?.[1] === undefined) throw new Error('no balance in the answer');
  return match[1];
}

async function add(at: string, amount: string, kind: string, note: string): Promise<number> {
  const res = await call('POST', `${path}/ledger`, { at, amount, kind, note });
  expect(res.status).toBe(201);
  return res.json.id as number;
}

describe('editing an entry', () => {
  it('changes its fields in place, keeps its id, and every balance follows', async () => {
    const id = await add('2026-11-01 09:00', '2500', 'topup', 'first');
    await add('2026-11-10 09:00', '700', 'charge', 'domain');
    expect(await balance('2026-11-05')).toBe('2500');
    const edited = await call('PUT', `${path}/ledger/${id}`, {
      at: '03/11/2026 09:00',
      amount: '3000',
      kind: 'topup',
      note: 'first, corrected',
      dateOrder: 'dmy',
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      id,
      amount: '3000',
      kind: 'topup',
      note: 'first, corrected',
      datetime: '2026-11-03 09:00:00',
      balanceAfter: '3000',
    });
    expect(await balance('2026-11-02')).toBe('0');
    expect(await balance('2026-11-05')).toBe('3000');
    expect(await balance('2026-11-20')).toBe('2300');
    const page = (await call('GET', `${path}/ledger`)).json as {
      entries: { id: number; note: string }[];
      total: number;
    };
    expect(page.total).toBe(2);
    expect(page.entries.map((e) => e.id)).toContain(id);
  });

  it('refuses bad input and a missing entry, changing nothing', async () => {
    const id = await add('2026-11-01 09:00', '2500', 'topup', 'kept');
    for (const body of [
      { at: 'the day after never', amount: '1', kind: 'topup' },
      { at: 'yesterday', amount: '-5', kind: 'topup' },
      { at: 'yesterday', amount: '5', kind: 'gift' },
    ]) {
      const res = await call('PUT', `${path}/ledger/${id}`, body);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: { code: 'invalid_entry' } });
    }
    expect((await call('PUT', `${path}/ledger/${id + 99}`, { at: 'yesterday', amount: '5' })).json).toMatchObject({
      error: { code: 'not_found' },
    });
    expect((await call('PUT', `${path}/ledger/${id}`, 'not json')).status).toBe(400);
    expect(await balance('now')).toBe('2500');
    expect((await call('GET', `${path}/ledger`)).json).toMatchObject({
      entries: [{ id, note: 'kept', amount: '2500' }],
    });
  });

  it('an entry of another account cannot be edited through this one', async () => {
    const other = svc.app.domain.createAccount('other');
    const foreign = svc.app.domain.addEntry(other.accountId, { at: 'yesterday', amount: '100' });
    expect((await call('PUT', `${path}/ledger/${foreign.id}`, { at: 'yesterday', amount: '999' })).status).toBe(404);
    expect(svc.app.domain.balanceText(other.accountId, svc.app.domain.nowSeconds())).toBe('100');
  });

  it('undo of a delete is the same entry added back: the balances are as before', async () => {
    const id = await add('2026-10-01 12:00', '-250', 'adjustment', 'fee correction');
    await add('2026-09-01 12:00', '5000', 'topup', '');
    const before = await balance('now');
    const entry = (
      (await call('GET', `${path}/ledger`)).json as {
        entries: { id: number; epochSeconds: number; amount: string; kind: string; note: string }[];
      }
    ).entries.find((e) => e.id === id);
    if (entry === undefined) throw new Error('entry not listed');
    expect((await call('DELETE', `${path}/ledger/${id}`)).status).toBe(204);
    expect(await balance('now')).toBe('5000');
    const back = await call('POST', `${path}/ledger`, {
      at: entry.epochSeconds,
      amount: entry.amount,
      kind: entry.kind,
      note: entry.note,
    });
    expect(back.status).toBe(201);
    expect(await balance('now')).toBe(before);
    expect(await balance('2026-10-01 11:59')).toBe('5000');
  });
});

describe('ending a recurring charge', () => {
  it('stops it from the date given; balances before that date are unchanged', async () => {
    await add('2026-01-01', '100000', 'topup', '');
    const charge = await call('POST', `${path}/recurring`, {
      amount: '3000',
      every: 'month',
      from: '2026-01-01',
      note: 'hosting',
    });
    const id = charge.json.id as number;
    const past = await balance('2026-11-22 10:00');
    const endOfYear = await balance('2026-12-31 23:59:59');
    const ended = await call('POST', `${path}/recurring/${id}/end`, { at: '1/12/2026', dateOrder: 'dmy' });
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({ id, until: { datetime: '2026-12-01 00:00:00' } });
    expect(await balance('2026-11-22 10:00')).toBe(past);
    expect(await balance('2026-12-31 23:59:59')).not.toBe(endOfYear);
    // Nothing more is charged after the end.
    expect(await balance('2027-06-01')).toBe(await balance('2026-12-01'));
    expect((await call('GET', `${path}/recurring`)).json).toMatchObject({
      recurring: [{ id, until: { datetime: '2026-12-01 00:00:00' } }],
    });
  });

  it('refuses an end in the past, at or before the start, on an ended charge, or an unknown charge, changing nothing', async () => {
    const running = (await call('POST', `${path}/recurring`, { amount: '3000', every: 'month', from: '2026-01-01' }))
      .json.id as number;
    const future = (await call('POST', `${path}/recurring`, { amount: '100', every: 'week', from: '2027-03-01' })).json
      .id as number;
    const over = (
      await call('POST', `${path}/recurring`, { amount: '100', every: 'day', from: '2026-01-01', until: '2026-02-01' })
    ).json.id as number;
    const cases: [number, string, RegExp][] = [
      [running, 'yesterday', /in the past/],
      [future, 'tomorrow', /starts on 2027-03-01/],
      [over, 'tomorrow', /already ended on 2026-02-01/],
      [running, 'not a date at all', /not a date/],
    ];
    const before = (await call('GET', `${path}/recurring`)).text;
    for (const [id, at, message] of cases) {
      const res = await call('POST', `${path}/recurring/${id}/end`, { at });
      expect(res.status, at).toBe(400);
      expect((res.json.error as { message: string }).message).toMatch(message);
    }
    expect((await call('POST', `${path}/recurring/9999/end`, { at: 'tomorrow' })).status).toBe(404);
    expect((await call('POST', `${path}/recurring/${running}/end`, {})).status).toBe(400);
    expect((await call('GET', `${path}/recurring`)).text).toBe(before);
  });
});

describe('searching and filtering the ledger', () => {
  beforeEach(async () => {
    await add('2026-11-01', '2500', 'topup', 'Card top-up');
    await add('2026-11-02', '999', 'charge', 'Domain renewal example.com');
    await add('2026-11-03', '500', 'refund', 'Refund of DOMAIN fee');
    await add('2026-11-04', '100', 'charge', '100% off? no');
  });

  const notes = async (query: string): Promise<{ notes: string[]; total: number }> => {
    const page = (await call('GET', `${path}/ledger${query}`)).json as { entries: { note: string }[]; total: number };
    return { notes: page.entries.map((e) => e.note), total: page.total };
  };

  it('by kind, by words of the note in any case, and both; the total counts what the filter lets through', async () => {
    expect(await notes('?kind=charge')).toEqual({ notes: ['100% off? no', 'Domain renewal example.com'], total: 2 });
    expect(await notes('?q=domain')).toEqual({
      notes: ['Refund of DOMAIN fee', 'Domain renewal example.com'],
      total: 2,
    });
    expect(await notes('?q=domain&kind=refund')).toEqual({ notes: ['Refund of DOMAIN fee'], total: 1 });
    // % and _ are plain characters, not wildcards.
    expect(await notes(`?q=${encodeURIComponent('100%')}`)).toEqual({ notes: ['100% off? no'], total: 1 });
    expect(await notes('?q=_')).toEqual({ notes: [], total: 0 });
    expect(await notes('?q=%20%20')).toMatchObject({ total: 4 });
    expect((await notes('?kind=charge&limit=1')).notes).toEqual(['100% off? no']);
    const second = (await call('GET', `${path}/ledger?kind=charge&limit=1&offset=1`)).json;
    expect(second).toMatchObject({ entries: [{ note: 'Domain renewal example.com' }], total: 2, nextOffset: null });
  });

  it('an unknown kind is a 400 that names the kinds', async () => {
    const res = await call('GET', `${path}/ledger?kind=gift`);
    expect(res.status).toBe(400);
    expect((res.json.error as { message: string }).message).toMatch(/topup, refund, charge, adjustment/);
  });
});

describe('exporting the ledger as CSV', () => {
  it('gives the import format, oldest first, notes formula-safe, as a download named after the account', async () => {
    await add('2026-11-02 08:00', '999', 'charge', '=HYPERLINK("http://x")');
    await add('2026-11-01 09:30', '2500', 'topup', ' padded ');
    await add('2026-11-03 10:00', '-1.5', 'adjustment', 'a, with "quotes"');
    const res = await call('GET', `${path}/ledger.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tools-ledger.csv"');
    expect(res.text).toBe(
      [
        'at,amount,kind,note,every,until',
        '2026-11-01 09:30:00,2500,topup," padded ",,',
        '2026-11-02 08:00:00,999,charge,"\'=HYPERLINK(""http://x"")",,',
        '2026-11-03 10:00:00,-1.5,adjustment,"a, with ""quotes""",,',
        '',
      ].join('\n'),
    );
    expect((await call('GET', `${path}/ledger.csv?kind=topup`)).text).toBe(
      'at,amount,kind,note\n2026-11-01 09:30:00,2500,topup," padded "\n',
    );
  });

  it('an export imported into another account gives the same balances; imported again, every row is a duplicate', async () => {
    await add('2026-11-01 09:30', '2500', 'topup', 'one');
    await add('2026-11-01 09:30', '2500', 'topup', 'one');
    await add('2026-11-05', '-12.25', 'adjustment', '@mention');
    const csv = (await call('GET', `${path}/ledger.csv`)).text;
    const copy = await accountInWindow(svc.app, 'Copy');
    const imported = await call('POST', `${copy.path}/import`, csv, 'text/csv');
    expect(imported.json).toEqual({ imported: 3, skipped: 0, recurring: 0 });
    expect(svc.app.domain.balanceText(copy.accountId, svc.app.domain.nowSeconds())).toBe(await balance('now'));
    expect((await call('GET', `${copy.path}/ledger.csv`)).text).toBe(csv);
    const again = await call('POST', `${copy.path}/import`, csv, 'text/csv');
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: { code: 'duplicates', duplicates: { found: 3, rows: 3 } } });
  });

  it('is refused for an account the window does not hold', async () => {
    const other = svc.app.domain.createAccount('not held');
    expect((await call('GET', `/app/accounts/${other.accountId}/ledger.csv`)).status).toBe(404);
    const res = await fetch(`${svc.base}${path}/ledger.csv`);
    expect(res.status).toBe(401);
  });
});

describe('importing rows already in the ledger', () => {
  const file =
    'at,amount,kind,note\n2026-11-01 09:00,2500,topup,card\n2026-11-01 09:00,2500,topup,card\n2026-11-02,300,charge,dns\n';

  it('asks by default: a 409 with the counts and nothing written; then skip or import anyway', async () => {
    await add('2026-11-01 09:00', '2500', 'topup', 'card');
    const asked = await call('POST', `${path}/import`, file, 'text/csv');
    expect(asked.status).toBe(409);
    expect(asked.json).toMatchObject({ error: { code: 'duplicates', duplicates: { found: 1, rows: 3 } } });
    expect((asked.json.error as { message: string }).message).toMatch(
      /^1 of the file's 3 rows is already in the ledger/,
    );
    expect(await balance('now')).toBe('2500');
    // Two equal rows in the file against one in the ledger: one is a duplicate, the other is new.
    expect((await call('POST', `${path}/import?duplicates=skip`, file, 'text/csv')).json).toEqual({
      imported: 2,
      skipped: 1,
      recurring: 0,
    });
    expect(await balance('now')).toBe('4700');
    expect((await call('POST', `${path}/import?duplicates=import`, file, 'text/csv')).json).toEqual({
      imported: 3,
      skipped: 0,
      recurring: 0,
    });
    expect(await balance('now')).toBe('9400');
    expect((await call('POST', `${path}/import?duplicates=maybe`, file, 'text/csv')).status).toBe(400);
    expect(await balance('now')).toBe('9400');
  });

  it('the same amount on the same day with another note or time is not a duplicate', async () => {
    await add('2026-11-01 09:00', '2500', 'topup', 'card');
    const near =
      'at,amount,kind,note\n2026-11-01 09:01,2500,topup,card\n2026-11-01 09:00,2500,topup,Card\n2026-11-01 09:00,2500,refund,card\n2026-11-01 09:00,2500.5,topup,card\n';
    expect((await call('POST', `${path}/import`, near, 'text/csv')).json).toEqual({
      imported: 4,
      skipped: 0,
      recurring: 0,
    });
  });

  it('a row the file itself repeats is imported as often as it appears when the ledger had none', async () => {
    await add('2026-12-01', '1', 'topup', 'later');
    expect((await call('POST', `${path}/import`, file, 'text/csv')).json).toEqual({
      imported: 3,
      skipped: 0,
      recurring: 0,
    });
    expect(svc.app.domain.listEntries(accountId, 10, 0).total).toBe(4);
  });
});
