// CSV import from a stream of chunks: the same entries and errors as from a string, all or
// nothing (a bad line or a failing source leaves no row), and sums that match the rows whatever
// order they arrive in.
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountDomain } from '../../src-main/domain/account-domain.ts';
import { mulberry32 } from '../helpers/prng.ts';
import { useTempStore } from '../helpers/temp-store.ts';
import { plainSumUpTo } from '../helpers/ledger.ts';

const temp = useTempStore();
let domain: AccountDomain;
let account: number;

beforeEach(() => {
  domain = new AccountDomain({ store: temp.store, timeZone: 'UTC', clock: () => Date.UTC(2026, 10, 22, 10, 35) });
  account = domain.createAccount('stream').accountId;
});

/** The text in pieces of `size` bytes (splitting lines, quotes and multi-byte characters). */
async function* chunks(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) {
    await Promise.resolve();
    yield bytes.subarray(i, i + size);
  }
}

async function streamError(text: string, size = 5): Promise<string> {
  try {
    await domain.importCsvStream(account, chunks(text, size));
  } catch (err) {
    return (err as Error).message;
  }
  return 'no error';
}

async function textError(text: string): Promise<string> {
  try {
    await domain.importCsv(account, text);
  } catch (err) {
    return (err as Error).message;
  }
  return 'no error';
}

describe('CSV import from a stream', () => {
  it('reads what the string import reads, split anywhere', async () => {
    const text =
      '\uFEFFat,amount,kind,note\n2026-01-01,100,topup,"caf\u00e9, ""quoted"""\n\n2026-01-02 10:00,12.5,charge,\n2026-01-03,-3,adjustment,x\n';
    const fromText = domain.createAccount('text').accountId;
    await domain.importCsv(fromText, text);
    const listed = (id: number): unknown[] =>
      domain.listEntries(id, 10, 0).entries.map((e) => [e.at, e.kind, e.amount, e.note]);
    expect(listed(fromText)).toEqual([
      [Date.UTC(2026, 0, 3) / 1000, 'adjustment', '-3', 'x'],
      [Date.UTC(2026, 0, 2, 10) / 1000, 'charge', '12.5', ''],
      [Date.UTC(2026, 0, 1) / 1000, 'topup', '100', 'caf\u00e9, "quoted"'],
    ]);
    for (const size of [1, 2, 3, 7, 64, 4096]) {
      const id = domain.createAccount(`split ${size}`).accountId;
      expect(await domain.importCsvStream(id, chunks(text, size))).toEqual({ imported: 3, skipped: 0, recurring: 0 });
      expect(listed(id), `chunks of ${size}`).toEqual(listed(fromText));
    }
  });

  it('names the same first bad line as the string import and leaves nothing behind', async () => {
    const good = Array.from(
      { length: 300 },
      (_, i) => `2026-01-01 00:${String(i % 60).padStart(2, '0')},${i + 1},topup,n`,
    ).join('\n');
    const cases = [
      `at,amount,kind,note\n${good}\n2026-01-02,abc,topup,b\n`,
      `at,amount,kind\n${good.replaceAll(',n', '')}\n2026-01-02,10,gift\n`,
      `at,amount,note\n${good.replaceAll(',topup', '')}\nnot a date,5,x\n`,
      'when,amount\n1,2\n',
      '',
      `at,amount\n${good.replaceAll(',topup,n', '')}\n1,2,3\n`,
      `at,amount,kind,note\n${good}\n"2026-01-02,5,topup,unclosed\n`,
    ];
    for (const text of cases) {
      const expected = await textError(text);
      expect(expected).toMatch(/^line \d+: /);
      expect(await streamError(text), text.slice(-40)).toBe(expected);
      expect(temp.store.ledger.count(account)).toBe(0);
      expect(plainSumUpTo(temp.store, account, 2 ** 33)).toBe(0n);
    }
  });

  it('rolls back when the source itself fails midway', async () => {
    async function* failing(): AsyncGenerator<string> {
      yield 'at,amount\n';
      for (let i = 0; i < 2000; i++) yield `2026-02-01,${i + 1}\n`;
      await Promise.resolve();
      throw new Error('the disk went away');
    }
    await expect(domain.importCsvStream(account, failing())).rejects.toThrow('the disk went away');
    expect(temp.store.ledger.count(account)).toBe(0);
    // The connection is usable again: a later import goes through whole.
    expect(await domain.importCsvStream(account, chunks('at,amount\n2026-02-01,5\n', 3))).toEqual({
      imported: 1,
      skipped: 0,
      recurring: 0,
    });
    expect(domain.balanceText(account, Date.UTC(2026, 2, 1) / 1000)).toBe('5');
  });

  it('keeps the balance index right for rows out of order and leaves that already held rows', async () => {
    const random = mulberry32(9);
    const base = Date.UTC(2025, 0, 1) / 1000;
    domain.addEntry(account, { at: base + 5000, amount: '7', kind: 'topup' });
    domain.addEntry(account, { at: base + 9_000_000, amount: '3', kind: 'charge' });
    const lines = ['at,amount,kind'];
    for (let i = 0; i < 3000; i++)
      lines.push(
        `@${base + Math.floor(random() * 2 * 10 ** 7)},${1 + Math.floor(random() * 100)},${random() < 0.5 ? 'topup' : 'charge'}`,
      );
    expect(await domain.importCsvStream(account, chunks(lines.join('\n'), 1000))).toEqual({
      imported: 3000,
      skipped: 0,
      recurring: 0,
    });
    for (let i = 0; i < 300; i++) {
      const t = base - 10 + Math.floor(random() * 2.1 * 10 ** 7);
      expect(temp.store.ledger.sumUpTo(account, t), `t=${t}`).toBe(plainSumUpTo(temp.store, account, t));
    }
  });

  it("writes a file's recurring charges in the stream's transaction, or none of them with a bad line", async () => {
    const header = 'at,amount,kind,note,every,until';
    const file = `${header}\n2026-01-05 09:00,5000,topup,opening,,\n2026-02-01,599,charge,backups,month,\n2026-03-01,1,charge,,day,2026-04-01\n`;
    const copy = domain.createAccount('copy').accountId;
    expect(await domain.importCsvStream(copy, chunks(file, 7))).toEqual({ imported: 3, skipped: 0, recurring: 2 });
    expect(domain.listRecurring(copy).map((r) => [r.every, r.amount, r.note])).toEqual([
      ['month', '599', 'backups'],
      ['day', '1', ''],
    ]);
    const bad = `${header}\n2026-02-01,599,charge,backups,month,\n2026-01-06,abc,topup,x,,\n`;
    await expect(domain.importCsvStream(account, chunks(bad, 5))).rejects.toThrow(/^line 3:/);
    expect(domain.listRecurring(account)).toEqual([]);
  });
});
