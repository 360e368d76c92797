import { describe, expect, it } from 'vitest';
import { formatPence, formatPounds, parsePence, penceFromNumber } from '../../src-main/monitor/decimal.ts';

describe('exact pence', () => {
  it('round-trips the printed balance forms', () => {
    for (const text of ['5000', '4983.8709677419', '-12.5', '0.0000000001', '-0.0000000001', '123456789012.1']) {
      expect(formatPence(parsePence(text))).toBe(text);
    }
  });
  it('compares without binary floating point', () => {
    expect(parsePence('999.9999999999') < penceFromNumber(1000)).toBe(true);
    expect(parsePence('1000.0000000000') === penceFromNumber(1000)).toBe(true);
    expect(parsePence('0.3') - parsePence('0.1') - parsePence('0.2')).toBe(0n);
  });
  it('refuses what is not a plain decimal', () => {
    for (const bad of ['1e3', '', 'abc', '1.2.3', '--1']) expect(() => parsePence(bad)).toThrow(/not a decimal amount/);
  });
  it('shows pounds rounded to the penny, grouped', () => {
    expect(formatPounds(parsePence('4983.8709677419'))).toBe('£49.84');
    expect(formatPounds(parsePence('123456789'))).toBe('£1,234,567.89');
    expect(formatPounds(parsePence('-12.5'))).toBe('-£0.13');
    expect(formatPounds(parsePence('-0.4'))).toBe('£0.00');
    expect(formatPounds(parsePence('0'))).toBe('£0.00');
  });
});
