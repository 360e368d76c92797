import { describe, expect, it } from 'vitest';
import { formatRational, formatUnits, parseAmountUnits, rational } from '../../src-shared/money/decimal.ts';

describe('formatRational', () => {
  it.each([
    [rational(5000n), '5000'],
    [rational(-25n, 2n), '-12.5'],
    [rational(5000n * 743n - 1000n * 360n, 743n), '4515.4777927322'],
    [rational(1n, 3n), '0.3333333333'],
    [rational(2n, 3n), '0.6666666667'],
    [rational(0n), '0'],
    [rational(-1n, 10n ** 12n), '0'],
    [rational(10n ** 30n), '1000000000000000000000000000000'],
  ])('prints %o as %s (no exponent, 10 digits at most, zeros trimmed)', (value, text) => {
    expect(formatRational(value)).toBe(text);
  });

  it('rounds half to even at the tenth digit', () => {
    expect(formatRational(rational(5n, 10n ** 11n))).toBe('0');
    expect(formatRational(rational(15n, 10n ** 11n))).toBe('0.0000000002');
    expect(formatRational(rational(25n, 10n ** 11n))).toBe('0.0000000002');
    expect(formatRational(rational(-15n, 10n ** 11n))).toBe('-0.0000000002');
  });
});

describe('parseAmountUnits', () => {
  it('reads decimals exactly, up to 10 places', () => {
    expect(formatUnits(parseAmountUnits('12.5') as bigint)).toBe('12.5');
    expect(formatUnits(parseAmountUnits('-0.0000000001') as bigint)).toBe('-0.0000000001');
    expect(parseAmountUnits('0.1')).toBe(1_000_000_000n);
  });
  it.each(['', 'abc', '1e5', '1.00000000001', '12,5', '--1', ' ', '0x10', 'NaN', 'Infinity', '99999999999999'])(
    'refuses %j with a message',
    (text) => {
      expect(typeof parseAmountUnits(text)).toBe('string');
    },
  );
});
