// Pounds as people type them into the window's money fields.
import { describe, expect, it } from 'vitest';
import { parsePounds, penceToPoundsText } from '../../src-shared/money/parse-pounds.ts';

const pence = (text: string, rules = {}): string | undefined => {
  const r = parsePounds(text, rules);
  return r.ok ? r.value : undefined;
};
const message = (text: string, rules = {}): string => {
  const r = parsePounds(text, rules);
  return r.ok ? `took it as ${r.value}` : r.problem;
};

describe('parsePounds', () => {
  it.each([
    ['25', '2500'],
    ['25.00', '2500'],
    ['£25', '2500'],
    ['£1,250.50', '125050'],
    ['1250.5', '125050'],
    [' £ 25 ', '2500'],
    ['0.05', '5'],
    ['.50', '50'],
    ['25.', '2500'],
    ['£0.01', '1'],
    ['1,000,000', '100000000'],
    ['50p', '50'],
    ['50P', '50'],
    ['1250p', '1250'],
    ['+25', '2500'],
    ['007', '700'],
  ])('%j is %s pence', (text, expected) => {
    expect(pence(text)).toBe(expected);
  });

  it('keeps big amounts exact (no float on the way)', () => {
    expect(pence('£9,999,999,999.99')).toBe('999999999999');
    expect(pence('0.29')).toBe('29');
    expect(pence('1.15')).toBe('115');
    expect(pence('4.35')).toBe('435');
    expect(pence('10000000000')).toBe('1000000000000');
    expect(message('10000000000.01')).toBe('That amount is too large.');
  });

  it('refuses more than two decimals of a pound, saying so', () => {
    expect(message('25.001')).toBe('Use at most two decimal places: pounds and pence (25.50).');
    expect(message('£0.125')).toContain('two decimal places');
  });

  it.each([
    '',
    '   ',
    'abc',
    '£',
    '£.',
    '25.5.0',
    '1,25',
    '12,34.5',
    '25 pounds',
    '£25x',
    '2e3',
    '0x10',
    '1_000',
    '£-',
    '12.5p',
    'NaN',
    'Infinity',
  ])('refuses %j with a message', (text) => {
    const r = parsePounds(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.length).toBeGreaterThan(10);
  });

  it('names the comma rule when the grouping is wrong', () => {
    expect(message('1,25')).toContain('groups of three');
  });

  it('takes a minus sign only where the field allows it', () => {
    expect(message('-5')).toContain('without a minus sign');
    expect(pence('-5', { signed: true })).toBe('-500');
    expect(pence('-£5.25', { signed: true })).toBe('-525');
    expect(pence('£-5.25', { signed: true })).toBe('-525');
    expect(pence('\u22125', { signed: true })).toBe('-500');
  });

  it('takes zero only where the field allows it', () => {
    expect(message('0')).toBe('Enter an amount above zero.');
    expect(message('£0.00')).toBe('Enter an amount above zero.');
    expect(pence('0', { zero: true })).toBe('0');
    expect(pence('-0', { signed: true, zero: true })).toBe('0');
  });
});

describe('penceToPoundsText', () => {
  it.each([
    [1000, '10.00'],
    [5, '0.05'],
    [0, '0.00'],
    [125050, '1250.50'],
    [-525, '-5.25'],
    [1_000_000_000_000n, '10000000000.00'],
  ])('%s pence is %j', (p, text) => {
    expect(penceToPoundsText(p)).toBe(text);
    expect(pence(text, { signed: true, zero: true })).toBe(BigInt(p).toString());
  });
});
