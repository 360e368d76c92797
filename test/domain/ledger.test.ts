import { describe, expect, it } from 'vitest';
import { parseLedgerCsv } from '../../src-main/domain/csv-import.ts';
import { makeEntry, makeRecurring } from '../../src-main/domain/ledger.ts';

describe('ledger entries', () => {
  it('takes the direction from the kind', () => {
    expect(makeEntry(0, '10', 'topup', '').units).toBe(100_000_000_000n);
    expect(makeEntry(0, '10', 'refund', '').units).toBe(100_000_000_000n);
    expect(makeEntry(0, '10', 'charge', '').units).toBe(-100_000_000_000n);
    expect(makeEntry(0, '-10', 'adjustment', '').units).toBe(-100_000_000_000n);
    expect(makeEntry(0, '10', undefined, undefined).kind).toBe('topup');
  });

  it.each([
    ['-10', 'topup', /positive amount/],
    ['0', 'charge', /positive amount/],
    ['0', 'adjustment', /zero/],
    ['ten', 'topup', /not an amount/],
    ['10', 'gift', /kind must be one of/],
  ])('refuses amount %s of kind %s', (amount, kind, message) => {
    expect(() => makeEntry(0, amount, kind, '')).toThrow(message);
  });

  it('refuses notes with control characters and instants out of range', () => {
    expect(() => makeEntry(0, '1', 'topup', 'a\u0000b')).toThrow(/control characters/);
    expect(() => makeEntry(2 ** 40, '1', 'topup', '')).toThrow(/outside the range/);
  });

  it('checks recurring charges', () => {
    expect(makeRecurring('35', 'day', 0, null, '').every).toBe('day');
    expect(() => makeRecurring('35', 'fortnight', 0, null, '')).toThrow(/every must be one of/);
    expect(() => makeRecurring('35', 'day', 100, 50, '')).toThrow(/end must come after/);
    expect(() => makeRecurring('-35', 'day', 0, null, '')).toThrow(/positive amount/);
  });
});

function makeEntryMessage(amount: string): string {
  try {
    makeEntry(0, amount, 'topup', '');
  } catch (err) {
    return (err as Error).message;
  }
  return '';
}

describe('CSV import parsing', () => {
  const at = (phrase: string): number => {
    if (!/^\d+$/.test(phrase)) throw new Error(`bad date ${phrase}`);
    return Number(phrase);
  };

  it('reads the header in any column order, with kind and note optional', () => {
    const entries = parseLedgerCsv('amount,at\n10,100\n"2.5",200\n', at);
    expect(entries.map((e) => [e.at, e.amount, e.kind])).toEqual([
      [100, '10', 'topup'],
      [200, '2.5', 'topup'],
    ]);
  });

  it('names the first bad line, counting the header as line 1', () => {
    expect(() => parseLedgerCsv('at,amount,kind,note\n100,10,topup,a\n200,abc,topup,b\n', at)).toThrow(
      /^line 3: not an amount/,
    );
    expect(() => parseLedgerCsv('at,amount,kind\n100,10,topup\n100,10,gift\n', at)).toThrow(
      /^line 3: the kind must be/,
    );
    expect(() => parseLedgerCsv('when,amount\n1,2\n', at)).toThrow(/^line 1: the header must be/);
    expect(() => parseLedgerCsv('', at)).toThrow(/line 1: the file is empty/);
    expect(() => parseLedgerCsv('at,amount\n1,2,3\n', at)).toThrow(/^line 2/);
  });

  it('quotes at most a short piece of a garbage file back', () => {
    let message = '';
    try {
      parseLedgerCsv('x'.repeat(2_000_000), at);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe('line 1: the record starting here is longer than 16384 characters');
    expect(message.length).toBeLessThan(300);
    expect(makeEntryMessage('9'.repeat(100_000)).length).toBeLessThan(300);
  });
});
