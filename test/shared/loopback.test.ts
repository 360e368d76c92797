// The one loopback rule and every check built on it: only `localhost`, 127.0.0.0/8 literals and
// [::1] stay on this machine. `localhost.` (trailing dot) goes through DNS, so plain http to it
// is refused for a provider and a webhook alike, and it is no loopback Host either.
import { describe, expect, it } from 'vitest';
import { isLoopbackName } from '../../src-shared/loopback.ts';
import { readConfig } from '../../src-main/config.ts';
import { parseBaseUrl } from '../../src-main/provider/base-url.ts';
import { isLoopbackHost } from '../../src-main/service/guards.ts';

const LOOPBACK = ['localhost', 'LOCALHOST', '127.0.0.1', '127.255.255.254', '127.0.0.0', '[::1]', '::1'];
const NOT = [
  'localhost.',
  'LOCALHOST.',
  'localhost.example.net',
  'localhost..',
  '127.0.0.1.nip.io',
  '127.0.0.256',
  '127.08.0.1',
  '127.1',
  '0.0.0.0',
  '10.0.0.1',
  '[::]',
  '[::2]',
  '[::ffff:127.0.0.1]',
  '',
];

describe('the loopback rule', () => {
  it('takes localhost, 127.0.0.0/8 literals and [::1] only', () => {
    for (const name of LOOPBACK) expect(isLoopbackName(name), name).toBe(true);
    for (const name of NOT) expect(isLoopbackName(name), name).toBe(false);
  });

  it('plain http to localhost. (trailing dot) is refused for a provider and for the webhook', () => {
    expect(() => parseBaseUrl('http://localhost.:8417')).toThrow(/HTTPS is required for localhost\./);
    expect(() => parseBaseUrl('http://LOCALHOST./api')).toThrow(/HTTPS is required/);
    expect(parseBaseUrl('http://localhost:8417').loopback).toBe(true);
    const notify = (url: string) =>
      readConfig({ ACCOUNT_MONITOR_TZ: 'UTC', ACCOUNT_MONITOR_NOTIFY_URL: url }).notifyUrl;
    expect(() => notify('http://localhost.:8080/hook')).toThrow(/HTTPS is required for localhost\./);
    expect(notify('http://127.0.0.1:8080/hook')?.host).toBe('127.0.0.1:8080');
    expect(notify('http://[::1]:8080/hook')?.host).toBe('[::1]:8080');
  });

  it('a Host header of localhost. is refused like any other name', () => {
    expect(isLoopbackHost('localhost.:8417')).toBe(false);
    expect(isLoopbackHost('localhost.')).toBe(false);
    expect(isLoopbackHost('localhost:8417')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(false);
  });
});
