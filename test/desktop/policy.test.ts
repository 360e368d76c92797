import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, isAppUrl, withWindowHeaders } from '../../src-main/desktop/policy.ts';

describe('window policy', () => {
  it('recognises only our own app:// origin', () => {
    expect(isAppUrl('app://account-monitor/')).toBe(true);
    expect(isAppUrl('app://account-monitor/assets/x.js?y#z')).toBe(true);
    for (const url of [
      'app://user:pw@account-monitor/',
      'app://user@account-monitor/',
      'app://:pw@account-monitor/',
      'app://other/',
      'https://account-monitor/',
      'http://127.0.0.1:8417/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
      '',
    ]) {
      expect(isAppUrl(url)).toBe(false);
    }
  });

  it('has a CSP with no inline or remote script and nothing framed or posted', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*|https?:/);
  });

  it('adds the CSP to every app:// answer, replacing a weaker one, keeping status, headers and body', async () => {
    const original = new Response('<p>hi</p>', {
      status: 201,
      headers: { 'Content-Security-Policy': 'default-src *', 'Content-Type': 'text/html', 'Cache-Control': 'no-store' },
    });
    const response = withWindowHeaders(original);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe('<p>hi</p>');
  });
});
