// Threat model: the service listens on loopback, so the attackers are (1) web pages in the
// user's browser that point a DNS name at 127.0.0.1 (DNS rebinding) or send cross-site requests,
// and (2) other local users' processes. Hence: every request's Host must be a loopback name;
// the app's own API and UI need the per-launch token (cookie set from the printed URL, or a
// bearer header), compared in constant time; no CORS headers are ever sent, so other origins
// cannot read answers. The spec endpoints are guarded by the API key itself.
import { createHash, timingSafeEqual } from 'node:crypto';

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

export function isLoopbackHost(host: string | null): boolean {
  return host !== null && LOOPBACK_HOST.test(host);
}

export const TOKEN_COOKIE = 'am_token';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export function tokenMatches(candidate: string | undefined, token: string): boolean {
  if (candidate === undefined || candidate === '') return false;
  return timingSafeEqual(digest(candidate), digest(token));
}

/** The token a request carries: bearer header first, then the cookie. */
export function requestToken(req: Request): string | undefined {
  const auth = req.headers.get('authorization');
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim();
  const cookies = req.headers.get('cookie');
  if (!cookies) return undefined;
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === TOKEN_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
