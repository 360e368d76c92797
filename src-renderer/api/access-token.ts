// The access token of a page opened in a browser (headless mode). It arrives once: in the
// fragment of the address the server printed (`/#token=...`: never sent to the server, never in
// a Referer), in the query of an older address or a bookmark (`/?token=...`), or in the page the
// server answers to the sign-in form's POST (a <meta>, so the token is in no address at all). It
// is taken out at once (the address rewritten without it), kept in localStorage, which is per
// origin: every tab and bookmark of this address is signed in (a second tab no longer asks for
// the token again), while another port (another local server) cannot read it, and two services
// side by side keep two tokens. A token the service no longer takes (rotated) is answered 401 and
// forgotten, and the page asks for the new one. It is sent with every request as
// `Authorization: Bearer`. Never a cookie: the browser would send one to every local
// port. Inside Electron (app://) there is none and none is needed. What was pasted is read by
// the one reader both sides share (src-shared/access-token.ts).
import { TOKEN_META, TOKEN_PARAM, tokenFromText } from '../../src-shared/access-token.ts';

const STORAGE_KEY = 'account-monitor.access-token';

/** For a browser that refuses storage: the token lives as long as the page. */
let inMemory: string | undefined;

export function accessToken(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

export function keepToken(token: string): void {
  inMemory = token;
  try {
    localStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Storage refused (a locked-down browser): kept for this page only.
  }
}

export function forgetToken(): void {
  inMemory = undefined;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}

/**
 * Takes a token out of the page's address (query `token` or fragment `#token=`), keeps it, and
 * rewrites the address without it, so it stays out of the address bar, bookmarks made later and
 * screenshots. Returns true when the address carried one.
 */
export function takeTokenFromAddress(location: Location = window.location, history: History = window.history): boolean {
  const query = new URLSearchParams(location.search);
  const fromQuery = query.get(TOKEN_PARAM);
  const hash = location.hash.startsWith('#') ? location.hash.slice(1) : location.hash;
  const fromHash = new URLSearchParams(hash).get(TOKEN_PARAM);
  const offered = fromQuery ?? fromHash;
  if (offered === null) return false;
  const token = tokenFromText(offered);
  if (token !== undefined) keepToken(token);
  query.delete(TOKEN_PARAM);
  const search = query.toString();
  const rest = fromHash === null ? location.hash : '';
  history.replaceState(history.state, '', `${location.pathname}${search === '' ? '' : `?${search}`}${rest}`);
  return true;
}

/**
 * Takes the token the service put in the page when it answered the sign-in form (a POST, so the
 * token was in no address), keeps it, and makes the entry a plain visit of this address (a
 * reload then asks nothing again). Returns true when the page carried one.
 */
export function takeTokenFromPage(doc: Document = document, history: History = window.history): boolean {
  const meta = doc.querySelector(`meta[name="${TOKEN_META}"]`);
  if (meta === null) return false;
  const token = tokenFromText(meta.getAttribute('content') ?? '');
  meta.remove();
  if (token !== undefined) keepToken(token);
  history.replaceState(history.state, '', doc.location.href);
  return true;
}

/**
 * Everything the page does about the token before it asks the service anything: from the page
 * (a signed-in form), else from the address; and later, an address with a token opened in this
 * tab while it shows (the printed address pasted again: only its fragment changes, so the page
 * would not load again) is taken the same way, and the page starts over with it if it is new.
 */
export function takeToken(win: Window = window): void {
  if (!takeTokenFromPage(win.document, win.history)) takeTokenFromAddress(win.location, win.history);
  win.addEventListener('hashchange', () => {
    const held = accessToken();
    if (takeTokenFromAddress(win.location, win.history) && accessToken() !== held) win.location.reload();
  });
}

/** The header that carries the token, when this page holds one. */
export function authorization(): Record<string, string> {
  const token = accessToken();
  return token === undefined ? {} : { Authorization: `Bearer ${token}` };
}
