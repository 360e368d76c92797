// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkCsv, looksExported } from '../../src-renderer/features/import/preview.ts';

const PENCE = { units: 'pence' } as const;

describe('checkCsv', () => {
  it('reports every bad line by its file line number', async () => {
    const text = [
      'at,amount,kind,note',
      '2026-01-01,2500,topup,ok',
      '2026-01-02,abc,topup,bad amount',
      '',
      ',100,charge,no date',
      '2026-01-03,100,gift,bad kind',
      '2026-01-04,100,charge',
      '2026-01-05,-100,adjustment,fine',
    ].join('\n');
    const r = await checkCsv(text, PENCE);
    expect(r.rows).toBe(6);
    expect(r.errors.map((e) => e.line)).toEqual([3, 5, 6, 7]);
    expect(r.errors[0]?.message).toMatch(/not an amount in pence: "abc"/);
    expect(r.errors[2]?.message).toMatch(/the kind must be one of .*; got "gift"/);
    expect(r.errors[3]?.message).toMatch(/expected 4 fields/);
  });
  it('accepts a header without kind and note, in any order', async () => {
    expect(await checkCsv('amount,at\n100,2026-01-01\n', PENCE)).toMatchObject({ rows: 1, errors: [] });
  });
  it('names a wrong header and an empty file', async () => {
    expect((await checkCsv('date,value\n', PENCE)).errors).toEqual([
      { line: 1, message: expect.stringMatching(/header/) as unknown },
    ]);
    expect((await checkCsv('', PENCE)).errors[0]?.message).toMatch(/empty/);
  });
  it('reads quotes as the service does: a field over two lines, and an unclosed quote named by its line', async () => {
    const text = 'at,amount,kind,note\n2026-01-01,100,topup,"two\nlines"\n2026-01-02,"1,5",charge,"say ""hi"""\n';
    const r = await checkCsv(text, PENCE);
    expect(r.rows).toBe(2);
    expect(r.errors).toEqual([{ line: 4, message: expect.stringMatching(/not an amount in pence: "1,5"/) as unknown }]);
    const open = await checkCsv('at,amount\n2026-01-01,100\n2026-01-02,"5\n', PENCE);
    expect(open.errors[0]?.message).toMatch(/quote/i);
  });
  it('reports progress up to 1 on a big file', async () => {
    const lines = ['at,amount,kind,note'];
    for (let i = 0; i < 5000; i++) lines.push(`2026-01-01,${i + 1},charge,n`);
    const seen: number[] = [];
    const r = await checkCsv(lines.join('\n'), { units: 'pence', onProgress: (f) => seen.push(f), chunk: 20_000 });
    expect(r).toMatchObject({ rows: 5000, errors: [] });
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});

describe('a file in pounds', () => {
  it('is sent in exact pence, quotes and padded notes kept, and previewed as the ledger shows it', async () => {
    const text = [
      'at,amount,kind,note',
      '2026-01-01,20.00,topup,bank',
      '',
      '2026-01-02,£5.99,charge," padded "',
      '2026-01-03,-£1,adjustment,"two',
      'lines"',
      '2026-01-04,0.1,refund,x',
    ].join('\n');
    const r = await checkCsv(text, { units: 'pounds', previewRows: 3 });
    expect(r.errors).toEqual([]);
    expect(r.text).toBe(
      'at,amount,kind,note\n2026-01-01,2000,topup,bank\n2026-01-02,599,charge," padded "\n2026-01-03,-100,adjustment,"two\nlines"\n2026-01-04,10,refund,x\n',
    );
    // Line 3 of the file was blank: the rewritten text's lines point back to the file's own.
    expect(r.lines).toEqual([1, 2, 4, 6, 6, 7]);
    expect(r.preview).toEqual([
      { line: 2, at: '2026-01-01', pence: '2000', kind: 'topup', note: 'bank' },
      { line: 4, at: '2026-01-02', pence: '-599', kind: 'charge', note: ' padded ' },
      { line: 6, at: '2026-01-03', pence: '-100', kind: 'adjustment', note: 'two\nlines' },
    ]);
  });
  it('names an amount that is not pounds, and sends nothing rewritten', async () => {
    const r = await checkCsv('at,amount\n2026-01-01,5.999\n2026-01-02,12.50\n', { units: 'pounds' });
    expect(r.errors).toEqual([
      { line: 2, message: expect.stringMatching(/^the amount "5.999" is not in pounds: /) as unknown },
    ]);
    expect(r.lines).toEqual([]);
  });
  it('the same file in pence is sent as it is', async () => {
    const text = 'at,amount\n2026-01-01,2000\n';
    const r = await checkCsv(text, { units: 'pence', previewRows: 5 });
    expect(r.text).toBe(text);
    expect(r.preview).toEqual([{ line: 2, at: '2026-01-01', pence: '2000', kind: 'topup', note: '' }]);
  });
});

describe('looksExported', () => {
  it("knows this app's export by its header and its dates, and nothing else", () => {
    expect(looksExported('at,amount,kind,note\n2026-07-01 09:00:00,2500,topup,x\n')).toBe(true);
    expect(looksExported('\uFEFFat,amount,kind,note\r\n2026-10-25 01:30:00 +01:00,1,charge,\r\n')).toBe(true);
    expect(looksExported('at,amount,kind,note\n2026-07-01,20.00,topup,x\n')).toBe(false);
    expect(looksExported('amount,at\n2500,2026-07-01 09:00:00\n')).toBe(false);
    expect(looksExported('')).toBe(false);
  });
});
