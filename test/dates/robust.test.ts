// Robustness: never throws, long input is not understood, no super-linear scanning, and NUL,
// control and non-ASCII characters are handled (as PHP handles them: they are bytes to timelib).
import { describe, expect, it } from 'vitest';
import { formatLocal, isValidTimeZone, parseLocalWallTime, resolve } from '../../src-main/dates/index.ts';
import { strtotime } from '../../src-main/dates/strtotime.ts';
import { zoneRules } from '../../src-main/dates/zone/zone-rules.ts';

const ZONE = 'Europe/London';
const NOW = parseLocalWallTime('2026-01-17T10:35:00', ZONE) ?? Number.NaN;
const NOW_S = NOW / 1000;

function randomText(seed: number, length: number): string {
  let a = seed;
  let s = '';
  const pool =
    ' \t\n\r\u0000\u0001\u001b\u007f\u00a0\u00b5\u00e9\u2028\u202f\ud800\udc00\uffff😀0123456789:-/.,+@()TWZ' +
    'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < length; i++) {
    a = (a * 1103515245 + 12345) % 2147483648;
    s += pool[a % pool.length] ?? '';
  }
  return s;
}

describe('robustness', () => {
  it('never throws, whatever the input', () => {
    for (let i = 0; i < 3000; i++) {
      const text = randomText(i, 1 + (i % 40));
      const r = resolve(text, { now: NOW, timeZone: ZONE });
      expect(Number.isInteger(r.epochSeconds)).toBe(true);
      expect(r.understood).toBe(r.stage !== 'none');
    }
  });

  it('answers now, not understood, for undefined, empty and unknown zones', () => {
    expect(resolve(undefined, { now: NOW, timeZone: ZONE })).toEqual({
      epochSeconds: NOW_S,
      understood: false,
      stage: 'none',
    });
    expect(resolve('', { now: NOW, timeZone: ZONE }).understood).toBe(false);
    expect(resolve('tomorrow', { now: NOW, timeZone: 'Mars/Olympus' })).toEqual({
      epochSeconds: NOW_S,
      understood: false,
      stage: 'none',
    });
    expect(resolve('tomorrow', { now: NOW + 999, timeZone: ZONE }).epochSeconds).toBe(
      NOW_S - 10.5 * 3600 - 5 * 60 + 86400 - 60 * 0,
    );
  });

  it('does not understand more than 256 characters', () => {
    expect(resolve(`${' '.repeat(248)}tomorrow`, { now: NOW, timeZone: ZONE }).understood).toBe(true);
    expect(resolve(`${' '.repeat(249)}tomorrow`, { now: NOW, timeZone: ZONE })).toEqual({
      epochSeconds: NOW_S,
      understood: false,
      stage: 'none',
    });
  });

  it('resolves 100 KB adversarial inputs quickly (generous bound)', () => {
    const inputs = [
      '1 '.repeat(50000),
      '-'.repeat(100000),
      `1${' -'.repeat(50000)}`,
      'a'.repeat(100000),
      '9'.repeat(100000),
      'x:'.repeat(50000),
    ];
    const started = performance.now();
    for (const text of inputs) expect(resolve(text, { now: NOW, timeZone: ZONE }).understood).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('answers at once for instants hundreds of millions of years away (no stepping loops)', () => {
    const started = performance.now();
    for (const zone of ['Europe/London', 'America/New_York', 'Australia/Sydney', 'UTC']) {
      // Within 2^53 seconds of 1970: exact answers.
      for (const text of ['@285000000000000', '@-285000000000000', '+200000000 years', '-200000000 years']) {
        const r = resolve(text, { now: NOW, timeZone: zone });
        expect(r.stage).toBe('strtotime');
        expect(typeof formatLocal(r.epochSeconds, zone)).toBe('string');
      }
      // Beyond it: not understood (D4 in docs/date-deviations.md), never an approximate instant.
      for (const text of [
        '@999999999999999999',
        '@-999999999999999999',
        '@-9223372036854775808',
        '+9999999999999 years',
        '-9999999999999 years',
        '0840@867998773165600105',
      ]) {
        expect(resolve(text, { now: NOW, timeZone: zone })).toEqual({
          epochSeconds: NOW_S,
          understood: false,
          stage: 'none',
        });
      }
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('scans the worst 256-character shapes in bounded time', () => {
    const zone = zoneRules(ZONE);
    if (zone === undefined) throw new Error('zone');
    const shapes = [
      '1 ' + '- '.repeat(127),
      '1' + '.'.repeat(255),
      'jan' + ' '.repeat(253),
      '@' + '1'.repeat(255),
      '+'.repeat(250) + '1 day',
    ];
    const started = performance.now();
    for (let k = 0; k < 20; k++) for (const s of shapes) strtotime(s, NOW_S, zone);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('treats NUL, control and non-ASCII characters as PHP does', () => {
    const wall = (text: string): string | undefined => {
      const r = resolve(text, { now: NOW, timeZone: ZONE });
      return r.stage === 'strtotime' ? formatLocal(r.epochSeconds, ZONE) : undefined;
    };
    expect(wall('tomorrow\u0000')).toBe('2026-01-18 00:00:00'); // NUL is skipped like a space
    expect(wall('tom\u0000orrow')).toBeUndefined();
    expect(wall('now\u0001')).toBeUndefined(); // any other control character is an error
    expect(wall('\ntomorrow\r\n')).toBe('2026-01-18 00:00:00'); // trimmed
    expect(wall('+1\u00a0day')).toBe('2026-01-18 10:35:00'); // NBSP is a space
    expect(wall('mañana')).toBeUndefined();
    expect(wall('\ud800')).toBeUndefined();
    expect(wall('1 µs')).toBe('2026-01-17 10:35:00');
  });

  it('validates zone names', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Not/AZone')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});
