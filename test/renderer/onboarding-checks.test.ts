// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addressProblem, connectMessage } from '../../src-renderer/features/onboarding/checks.ts';
import { ApiError } from '../../src-renderer/api/client.ts';

describe('the provider address', () => {
  it('without a scheme is asked about, never assumed', () => {
    expect(addressProblem('127.0.0.1:9100')).toBe(
      'Add http:// for a provider on this computer (http://127.0.0.1:9100), https:// otherwise (https://127.0.0.1:9100).',
    );
    expect(addressProblem('api.example.net/v1')).toMatch(/^Add http:\/\/ for a provider on this computer/);
    expect(addressProblem('not an address')).toBe('That is not a web address: write it as https://host/path.');
  });
  it('with http or https is taken as typed; another scheme is refused', () => {
    expect(addressProblem('http://127.0.0.1:9100')).toBeUndefined();
    expect(addressProblem(' https://api.example.net/v1 ')).toBeUndefined();
    expect(addressProblem('ftp://api.example.net')).toMatch(/^The address starts with https:\/\//);
  });
});

describe('a failed connection in words', () => {
  it("is the service's sentence once, capitalised and ended", () => {
    const said = 'cannot reach the provider: the provider refused the connection. Check the address, then try again';
    const error = new ApiError('other', 502, 'provider_unreachable', said);
    expect(connectMessage(error)).toBe(
      'Cannot reach the provider: the provider refused the connection. Check the address, then try again.',
    );
  });
});
