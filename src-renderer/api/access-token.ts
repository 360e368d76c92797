// The access token of a page opened in a browser (headless mode). It arrives once in the address
// the server printed (`/?token=...`, or the sign-in form's field, which may hold that whole
// address), is taken out of the address bar at once, kept for this tab in sessionStorage (per
// origin, so per port: two services side by side keep two tokens) and sent with every request
// as `Authorization: Bearer`. Never a cookie: the browser would send one to every local port.
// Inside Electron (app://) there is none and none is needed.
import { tokenInText as tokenFromText } from '../../src-shared/token-text.ts';

/** The token in what was pasted: the token itself, or an address (or query) that carries it. */
export { tokenFromText };

const STORAGE_KEY = 'account-monitor.access-token';
/** For a browser that refuses storage: the token lives as long as the page. */
let inMemory: string | undefined;

export function accessToken(): string | undefined {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

export function keepToken(token: string): void {
  inMemory = token;
  try {
    sessionStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Storage refused (a locked-down browser): kept for this page only.
  }
}

export function forgetToken(): void {
  inMemory = undefined;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}

/**
 * Takes a token out of the page's address (query `token` or fragment `#token=`), keeps it, and
 * rewrites the address without it, so it stays out of the history, bookmarks made later and
 * screenshots. Returns true when the address carried one.
 */
export function takeTokenFromAddress(location: Location = window.location, history: History = window.history): boolean {
  const query = new URLSearchParams(location.search);
  const fromQuery = query.get('token');
  const hash = location.hash.startsWith('#') ? location.hash.slice(1) : location.hash;
  const fromHash = new URLSearchParams(hash).get('token');
  const offered = fromQuery ?? fromHash;
  if (offered === null) return false;
  const token = tokenFromText(offered);
  if (token !== undefined) keepToken(token);
  query.delete('token');
  const search = query.toString();
  const rest = fromHash === null ? location.hash : '';
  history.replaceState(history.state, '', `${location.pathname}${search === '' ? '' : `?${search}`}${rest}`);
  return true;
}

/** The header that carries the token, when this page holds one. */
export function authorization(): Record<string, string> {
  const token = accessToken();
  return token === undefined ? {} : { Authorization: `Bearer ${token}` };
}
