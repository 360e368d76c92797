import { describe, expect, it } from 'vitest';
import { endpointUrl, parseBaseUrl } from '../../src-main/provider/base-url.ts';
import { ProviderError } from '../../src-main/provider/errors.ts';
import { decodeBytes, encodeBytes, queryBytes } from '../../src-main/provider/query.ts';

describe('provider base URLs', () => {
  it('keeps a path prefix and puts the endpoints below it', () => {
    const base = parseBaseUrl(' https://api.example.net/v1 ');
    expect(base.href).toBe('https://api.example.net/v1/');
    expect(base.host).toBe('api.example.net');
    expect(endpointUrl(base, 'get_balance', 'key=k').href).toBe(
      'https://api.example.net/v1/account/get_balance/?key=k',
    );
    expect(endpointUrl(parseBaseUrl('https://api.example.net'), 'get_notification_settings', 'key=k').href).toBe(
      'https://api.example.net/account/get_notification_settings/?key=k',
    );
  });

  it('allows plain http only for loopback hosts', () => {
    expect(parseBaseUrl('http://127.0.0.1:8417').loopback).toBe(true);
    expect(parseBaseUrl('http://localhost:8417/api').href).toBe('http://localhost:8417/api/');
    expect(parseBaseUrl('http://[::1]:9000').loopback).toBe(true);
    for (const url of [
      'http://api.example.net',
      'http://0.0.0.0',
      'http://127.0.0.1.nip.io',
      'http://10.0.0.1',
      'http://localhost.evil.example',
    ]) {
      expect(() => parseBaseUrl(url), url).toThrow(/HTTPS is required/);
    }
  });

  it.each([
    ['api.example.net'],
    ['ftp://api.example.net'],
    ['https://user:pw@api.example.net'],
    ['https://api.example.net/?key=x'],
    ['https://api.example.net/#x'],
  ])('refuses %j', (url) => {
    expect(() => parseBaseUrl(url)).toThrow(ProviderError);
  });
});

describe('query bytes', () => {
  it('decodes form encoding to bytes and encodes every reserved byte', () => {
    expect(decodeBytes('%2B1+week').toString()).toBe('+1 week');
    expect(decodeBytes('100%').toString()).toBe('100%');
    expect([...decodeBytes('%FF%zz')]).toEqual([0xff, 0x25, 0x7a, 0x7a]);
    expect(encodeBytes('+1 week')).toBe('%2B1%20week');
    expect(encodeBytes('a&b=c#d/e?f')).toBe('a%26b%3Dc%23d%2Fe%3Ff');
    expect(encodeBytes(Buffer.from([0xff, 0x41]))).toBe('%FFA');
    expect(encodeBytes('£')).toBe('%C2%A3');
  });

  it('takes the last value of an argument, raw', () => {
    expect(queryBytes('/account/get_balance/?key=k&datetime=a&datetime=%FF', 'datetime')).toEqual(Buffer.from([0xff]));
    expect(queryBytes('/x?datetime=', 'datetime')).toEqual(Buffer.alloc(0));
    expect(queryBytes('/x?datetime', 'datetime')).toEqual(Buffer.alloc(0));
    expect(queryBytes('/x?key=k', 'datetime')).toBeUndefined();
    expect(queryBytes('/x', 'datetime')).toBeUndefined();
    expect(queryBytes('/x?%64atetime=1', 'datetime')?.toString()).toBe('1');
  });
});
