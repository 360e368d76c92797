// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkCsv } from '../../src-renderer/features/import/preview.ts';

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
    const r = await checkCsv(text);
    expect(r.rows).toBe(6);
    expect(r.errors.map((e) => e.line)).toEqual([3, 5, 6, 7]);
    expect(r.errors[0]?.message).toMatch(/not an amount in pence: "abc"/);
    expect(r.errors[2]?.message).toMatch(/the kind must be one of .*; got "gift"/);
    expect(r.errors[3]?.message).toMatch(/expected 4 fields/);
  });
  it('accepts a header without kind and note, in any order', async () => {
    expect(await checkCsv('amount,at\n100,2026-01-01\n')).toEqual({ rows: 1, errors: [] });
  });
  it('names a wrong header and an empty file', async () => {
    expect((await checkCsv('date,value\n')).errors).toEqual([
      { line: 1, message: expect.stringMatching(/header/) as unknown },
    ]);
    expect((await checkCsv('')).errors[0]?.message).toMatch(/empty/);
  });
  it('reads quotes as the service does: a field over two lines, and an unclosed quote named by its line', async () => {
    const text = 'at,amount,kind,note\n2026-01-01,100,topup,"two\nlines"\n2026-01-02,"1,5",charge,"say ""hi"""\n';
    const r = await checkCsv(text);
    expect(r.rows).toBe(2);
    expect(r.errors).toEqual([{ line: 4, message: expect.stringMatching(/not an amount in pence: "1,5"/) as unknown }]);
    const open = await checkCsv('at,amount\n2026-01-01,100\n2026-01-02,"5\n');
    expect(open.errors[0]?.message).toMatch(/quote/i);
  });
  it('reports progress up to 1 on a big file', async () => {
    const lines = ['at,amount,kind,note'];
    for (let i = 0; i < 5000; i++) lines.push(`2026-01-01,${i + 1},charge,n`);
    const seen: number[] = [];
    const r = await checkCsv(lines.join('\n'), (f) => seen.push(f), 20_000);
    expect(r).toEqual({ rows: 5000, errors: [] });
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});
