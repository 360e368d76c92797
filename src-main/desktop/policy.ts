// The window's security policy as data, so it is tested under Node; security.ts applies it.
// Threat model: the window shows only our own bundle from app://; anything that would let
// remote content in (navigation, new windows, permissions) is refused, and the CSP forbids
// inline and remote scripts even if an HTML injection slipped through.

export const APP_SCHEME = 'app';
export const APP_HOST = 'account-monitor';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // React and the chart set style attributes; no remote or inline script is allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
].join('; ');

/** True for URLs of our own app:// origin (no user or password part); every other navigation is refused. */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

/**
 * Adds the CSP (and a few hardening headers) to what the handler answers over app://. The
 * handler's own headers are kept; the CSP replaces any weaker one.
 */
export function withWindowHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
