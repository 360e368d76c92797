// The CSV export walks the ledger a page at a time by (time, id): across page boundaries that
// fall inside a run of equal instants, with a filter, and back through the import, every entry
// is in it once, in order, and an import of it gives the same ledger.
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountDomain } from '../../src-main/domain/account-domain.ts';
import { EXPORT_PAGE, ledgerCsvPieces } from '../../src-main/domain/csv-export.ts';
import { mulberry32 } from '../helpers/prng.ts';
import { useTempStore } from '../helpers/temp-store.ts';

const temp = useTempStore();
let domain: AccountDomain;
let account: number;

beforeEach(() => {
  domain = new AccountDomain({
    store: temp.store,
    timeZone: 'Europe/London',
    clock: () => Date.UTC(2026, 10, 22, 10, 35),
  });
  account = domain.createAccount('export').accountId;
});

const exported = (filter = {}): string => [...ledgerCsvPieces(domain, account, filter)].join('');

describe('the CSV export', () => {
  it('has every entry once, oldest first, when pages end inside runs of equal instants', () => {
    const random = mulberry32(7);
    const base = Date.UTC(2026, 0, 1) / 1000;
    // 2.5 pages of rows on only 40 distinct instants, written in a shuffled order.
    const n = Math.floor(EXPORT_PAGE * 2.5);
    const rows = Array.from({ length: n }, (_, i) => ({
      at: base + Math.floor(random() * 40) * 3600,
      amount: String(1 + i),
      note: `row ${i}`,
    }));
    temp.store.ledger.addMany(
      account,
      rows.map((r) => ({
        at: r.at,
        kind: 'topup' as const,
        amount: r.amount,
        units: BigInt(r.amount) * 10n ** 10n,
        note: r.note,
      })),
    );
    const lines = exported().trim().split('\n');
    expect(lines[0]).toBe('at,amount,kind,note,every,until');
    expect(lines).toHaveLength(n + 1);
    const notes = lines.slice(1).map((l) => l.split(',')[3]);
    expect(new Set(notes).size).toBe(n);
    // Oldest first by instant, then by id (the order they were written within one instant).
    const listed = temp.store.db
      .prepare('SELECT note FROM ledger_entries WHERE account_id = ? ORDER BY at, id')
      .all(account) as { note: string }[];
    expect(notes).toEqual(listed.map((r) => r.note));
  });

  it('with a filter, only what it lets through, across pages', () => {
    const base = Date.UTC(2026, 0, 1) / 1000;
    const entries = Array.from({ length: EXPORT_PAGE + 500 }, (_, i) => ({
      at: base + i,
      kind: i % 3 === 0 ? ('charge' as const) : ('topup' as const),
      amount: '5',
      units: (i % 3 === 0 ? -5n : 5n) * 10n ** 10n,
      note: i % 2 === 0 ? 'Even Domain' : 'odd',
    }));
    temp.store.ledger.addMany(account, entries);
    const charges = exported({ kind: 'charge' }).trim().split('\n').slice(1);
    expect(charges).toHaveLength(entries.filter((e) => e.kind === 'charge').length);
    expect(charges.every((l) => l.includes(',charge,'))).toBe(true);
    const domainCharges = exported({ kind: 'charge', text: 'domain' }).trim().split('\n').slice(1);
    expect(domainCharges).toHaveLength(entries.filter((e) => e.kind === 'charge' && e.note === 'Even Domain').length);
  });

  it('the hour the clocks go back through, which happens twice, keeps its offset: both 01:30s come back as they were', async () => {
    const secondHalfPast = Date.UTC(2026, 9, 25, 1, 30) / 1000; // 01:30 GMT
    const firstHalfPast = secondHalfPast - 3600; // 01:30 BST, an hour earlier
    domain.addEntry(account, { at: firstHalfPast, amount: '100', note: 'BST' });
    domain.addEntry(account, { at: secondHalfPast, amount: '1', note: 'GMT' });
    expect(exported()).toBe(
      'at,amount,kind,note,every,until\n2026-10-25 01:30:00 +01:00,100,topup,BST,,\n2026-10-25 01:30:00,1,topup,GMT,,\n',
    );
    const copy = domain.createAccount('copy').accountId;
    await domain.importCsv(copy, exported());
    expect(domain.entriesAfter(copy, undefined, 10).map((e) => e.at)).toEqual([firstHalfPast, secondHalfPast]);
  });

  it('an empty ledger is the header alone, and an export imported into another account gives the same balances', async () => {
    expect(exported()).toBe('at,amount,kind,note,every,until\n');
    domain.addEntry(account, { at: '2026-03-29 00:30', amount: '100', note: 'before the clocks go forward' });
    domain.addEntry(account, { at: '2026-10-25 01:30', amount: '-2.5', kind: 'adjustment', note: '=SUM(1)' });
    domain.addEntry(account, { at: '2026-10-25 03:00', amount: '7', kind: 'charge', note: '' });
    const copy = domain.createAccount('copy').accountId;
    expect(await domain.importCsv(copy, exported())).toEqual({ imported: 3, skipped: 0, recurring: 0 });
    for (const t of ['2026-03-29 00:29', '2026-06-01', '2026-10-25 02:00', '2027-01-01']) {
      const at = domain.instant(t, 'test', 'invalid_entry');
      expect(domain.balanceText(copy, at), t).toBe(domain.balanceText(account, at));
    }
    expect([...ledgerCsvPieces(domain, copy)].join('')).toBe(exported());
  });

  it('the whole ledger restores the account: entries and recurring charges, balances the same, and read back again every row is a duplicate', async () => {
    domain.addEntry(account, { at: '2026-01-05 09:00', amount: '5000', note: 'opening' });
    domain.addEntry(account, { at: '2026-10-25 01:30', amount: '250', kind: 'charge', note: 'fee, with comma' });
    domain.addRecurring(account, { amount: '599', every: 'month', from: '2026-02-01', note: '=backups' });
    const ended = domain.addRecurring(account, { amount: '12.5', every: 'week', from: '2026-03-01 08:00' });
    domain.endRecurring(account, ended.id, '2026-12-01');
    domain.addRecurring(account, { amount: '1', every: 'day', from: '2026-11-01', until: '2027-01-01' });
    const file = exported();
    expect(file.split('\n').slice(3, 6)).toEqual([
      "2026-02-01 00:00:00,599,charge,'=backups,month,",
      '2026-03-01 08:00:00,12.5,charge,,week,2026-12-01 00:00:00',
      '2026-11-01 00:00:00,1,charge,,day,2027-01-01 00:00:00',
    ]);

    const copy = domain.createAccount('copy').accountId;
    expect(await domain.importCsv(copy, file)).toEqual({ imported: 5, skipped: 0, recurring: 3 });
    const charges = (id: number) =>
      domain.listRecurring(id).map((r) => [r.startsAt, r.endsAt, r.every, r.amount, r.note]);
    expect(charges(copy)).toEqual(charges(account));
    for (const t of ['2026-02-01', '2026-06-15 12:00', '2026-11-30', '2027-03-01', '2028-01-01']) {
      const at = domain.instant(t, 'test', 'invalid_entry');
      expect(domain.balanceText(copy, at), t).toBe(domain.balanceText(account, at));
    }
    expect([...ledgerCsvPieces(domain, copy)].join('')).toBe(file);

    // Read back into the account it came from: every row, charges too, is already there.
    await expect(domain.importCsv(copy, file)).rejects.toThrow(/5 of the file's 5 rows are already in the ledger/);
    expect(await domain.importCsv(copy, file, { duplicates: 'skip' })).toEqual({
      imported: 0,
      skipped: 5,
      recurring: 0,
    });
    expect(charges(copy)).toHaveLength(3);
  });

  it('a filtered export is a list of entries, without the recurring charges', () => {
    domain.addEntry(account, { at: '2026-01-05 09:00', amount: '5000', note: 'opening' });
    domain.addRecurring(account, { amount: '599', every: 'month', from: '2026-02-01' });
    expect(exported({ kind: 'topup' })).toBe('at,amount,kind,note\n2026-01-05 09:00:00,5000,topup,opening\n');
  });

  it("a recurring charge's row is checked as the form checks one, naming its line, and nothing is imported", async () => {
    domain.addEntry(account, { at: '2026-01-05 09:00', amount: '5000', note: 'kept' });
    const header = 'at,amount,kind,note,every,until';
    const refusals: [string, RegExp][] = [
      [
        '2026-02-01,599,topup,x,month,',
        /^line 3: a row with a period \("every"\) is a recurring charge, so its kind is charge/,
      ],
      ['2026-02-01,599,charge,x,fortnight,', /^line 3: .*fortnight/],
      ['2026-02-01,-599,charge,x,month,', /^line 3: a recurring charge is a positive amount/],
      ['2026-02-01,599,charge,x,,2026-03-01', /^line 3: an end \("until"\) is for a recurring charge/],
      ['2026-02-01,599,charge,x,month,2026-01-01', /^line 3: the end must come after the start/],
      ['2026-02-01,599,charge,x,month,when pigs fly', /^line 3: the date: "when pigs fly" is not a date/],
    ];
    for (const [row, problem] of refusals) {
      await expect(domain.importCsv(account, `${header}\n2026-01-06,1,topup,first,,\n${row}\n`), row).rejects.toThrow(
        problem,
      );
    }
    expect(domain.listEntries(account, 10, 0).total).toBe(1);
    expect(domain.listRecurring(account)).toEqual([]);
  });
});
