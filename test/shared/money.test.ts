// The one pounds formatter (its rounding rule) and the decimal helpers both sides use.
import { describe, expect, it } from 'vitest';
import { comparePence, isPenceText, parsePence, penceText, penceUnits } from '../../src-shared/money/decimal.ts';
import { formatExactPence, formatPounds } from '../../src-shared/money/pounds.ts';

describe('formatPounds: rounded down to the penny', () => {
  it.each([
    ['5000', '£50.00'],
    ['4983.8709677419', '£49.83'],
    ['4982.5', '£49.82'], // a half penny: down
    ['-4982.5', '-£49.83'], // and down below zero too: never more than there is
    ['4982.9999999999', '£49.82'],
    ['-0.0000000001', '-£0.01'],
    ['-0.4', '-£0.01'],
    ['0', '£0.00'],
    ['-0', '£0.00'],
    ['7', '£0.07'],
    ['-12', '-£0.12'],
    ['123456789', '£1,234,567.89'],
    ['99999999999999999999.49', '£999,999,999,999,999,999.99'], // beyond float precision, still exact
  ])('%s pence is %s', (pence, pounds) => {
    expect(formatPounds(pence)).toBe(pounds);
  });

  it('keeps a balance below a whole-penny level below it on screen', () => {
    expect(formatPounds('999.9999999999')).toBe('£9.99');
    expect(formatPounds(1000)).toBe('£10.00');
  });

  it('accepts numbers (warning levels come as numbers)', () => {
    expect(formatPounds(2000)).toBe('£20.00');
    expect(formatPounds(-1.5)).toBe('-£0.02');
  });

  it('refuses what is not a decimal', () => {
    expect(() => formatPounds('1e5')).toThrow(/not a decimal/);
    expect(() => formatPounds('abc')).toThrow(RangeError);
    expect(() => formatPounds(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatExactPence', () => {
  it('keeps every digit the service sent, as it sent them', () => {
    expect(formatExactPence('4983.8709677419')).toBe('4983.8709677419p');
    expect(formatExactPence('-1234567.5')).toBe('-1234567.5p');
    expect(formatExactPence(2000)).toBe('2000p');
  });
});

describe('exact pence', () => {
  it('compares exactly across scales and signs', () => {
    expect(comparePence('1999.9999999999', 2000)).toBe(-1);
    expect(comparePence('2000.0000000000', 2000)).toBe(0);
    expect(comparePence('-0.0000000001', 0)).toBe(-1);
    expect(comparePence('-5', '-6')).toBe(1);
    expect(comparePence('-0', '0')).toBe(0);
    expect(parsePence('0.3') - parsePence('0.1') - parsePence('0.2')).toBe(0n);
    expect(penceUnits(1000)).toBe(parsePence('1000.0000000000'));
  });

  it('tells plain decimals from anything else', () => {
    expect(isPenceText(' 12.50 ')).toBe(true);
    for (const bad of ['12.', '£12', '1e3', '', 'abc', '1.2.3', '--1']) {
      expect(isPenceText(bad)).toBe(false);
      expect(() => parsePence(bad)).toThrow(/not a decimal amount/);
    }
  });

  it('penceText keeps strings and writes numbers without an exponent', () => {
    expect(penceText('4983.8709677419')).toBe('4983.8709677419');
    expect(penceText(5564.2002314815)).toBe('5564.2002314815');
    expect(penceText(1e-7)).toBe('0.0000001');
    expect(penceText(-0.00000000001)).toBe('0');
    expect(penceText(2500)).toBe('2500');
    expect(penceText(null)).toBe('0');
    expect(penceText('1e3')).toBe('0');
  });
});
