// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { compareDecimal, decimalText, formatExactPence, formatPounds, isDecimal } from '../../src-renderer/lib/money.ts';

describe('formatPounds', () => {
  it.each([
    ['5000', '£50.00'],
    ['4983.8709677419', '£49.84'],
    ['0', '£0.00'],
    ['7', '£0.07'],
    ['-12.5', '-£0.12'], // half to even: 12.5p -> 12p
    ['13.5', '£0.14'], // half to even: 13.5p -> 14p
    ['12.5000000001', '£0.13'],
    ['-0.4', '£0.00'], // rounds to zero: no minus sign on zero
    ['123456789', '£1,234,567.89'],
    ['99999999999999999999.49', '£999,999,999,999,999,999.99'], // beyond float precision, still exact
  ])('%s pence is %s', (pence, pounds) => {
    expect(formatPounds(pence)).toBe(pounds);
  });

  it('accepts numbers (warning levels come as numbers)', () => {
    expect(formatPounds(2000)).toBe('£20.00');
  });

  it('refuses what is not a decimal', () => {
    expect(() => formatPounds('1e5')).toThrow(/not a decimal/);
    expect(() => formatPounds('abc')).toThrow();
  });
});

describe('formatExactPence', () => {
  it('keeps every digit the service sent, as it sent them', () => {
    expect(formatExactPence('4983.8709677419')).toBe('4983.8709677419p');
    expect(formatExactPence('-1234567.5')).toBe('-1234567.5p');
    expect(formatExactPence(2000)).toBe('2000p');
  });
});

describe('compareDecimal', () => {
  it('compares exactly across scales and signs', () => {
    expect(compareDecimal('1999.9999999999', 2000)).toBe(-1);
    expect(compareDecimal('2000.0000000000', 2000)).toBe(0);
    expect(compareDecimal('-0.0000000001', 0)).toBe(-1);
    expect(compareDecimal('-5', '-6')).toBe(1);
    expect(compareDecimal('-0', '0')).toBe(0);
  });
  it('isDecimal', () => {
    expect(isDecimal(' 12.50 ')).toBe(true);
    expect(isDecimal('12.')).toBe(false);
    expect(isDecimal('£12')).toBe(false);
  });
});

describe('decimalText', () => {
  it('keeps strings, writes numbers without an exponent', () => {
    expect(decimalText('4983.8709677419')).toBe('4983.8709677419');
    expect(decimalText(5564.2002314815)).toBe('5564.2002314815');
    expect(decimalText(1e-7)).toBe('0.0000001');
    expect(decimalText(-0.00000000001)).toBe('0');
    expect(decimalText(2500)).toBe('2500');
    expect(decimalText(null)).toBe('0');
  });
});
