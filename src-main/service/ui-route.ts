// Everything that is neither a spec endpoint nor the app API: the built window at / and its
// files, which anyone on a loopback address may fetch (they hold no data), and for any other
// path the sign-in page (401) unless the request carries the access token (then 404). No other
// path is ever looked up anywhere: see static.ts. The token offered by an address (the printed
// one carries it in its fragment, which never reaches here; an older one or a bookmark in its
// query, `/?token=...`) or by the sign-in form (a POST to /) is checked here: one that is not the
// service's gets the sign-in page saying so; the form's good one gets the page with the token in
// it (sign-in-page.ts). What was offered is read by the reader the window uses too.
import type { Context, Handler } from 'hono';
import { TOKEN_PARAM, tokenFromText } from '../../src-shared/access-token.ts';
import { COMMON_HEADERS } from './errors.ts';
import { bearerToken, tokenMatches } from './guards.ts';
import type { Env } from './middleware.ts';
import { signedInPage, signInPage } from './sign-in-page.ts';
import type { StaticFiles } from './static.ts';

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

const NOT_BUILT = 'Account Monitor: the web UI is not built. Run `npm run build:renderer` (npm ci does it).\n';

/** The sign-in form's body is a token or an address: far below this. */
const FORM_LIMIT = 4096;

/** The `token` field of a posted sign-in form, or undefined (another type, too long, unreadable). */
async function postedToken(c: Context<Env>): Promise<string | undefined> {
  const type = c.req.header('content-type') ?? '';
  const length = Number(c.req.header('content-length') ?? NaN);
  if (!/^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(type) || !(length <= FORM_LIMIT)) return undefined;
  const body = await c.req.raw.arrayBuffer().catch(() => undefined);
  if (body === undefined || body.byteLength > FORM_LIMIT) return undefined;
  const value = new URLSearchParams(new TextDecoder().decode(body)).get(TOKEN_PARAM);
  return value === null ? undefined : value;
}

export function uiRoute(ui: StaticFiles | undefined, token: string, notFound: () => Response): Handler<Env> {
  return async (c) => {
    const path = c.req.path;
    const method = c.req.method;
    if (path === '/' && method === 'POST') {
      const posted = await postedToken(c);
      if (posted === undefined || !tokenMatches(tokenFromText(posted), token)) return signInPage(posted !== undefined);
      return signedInPage(ui, token) ?? text(404, NOT_BUILT);
    }
    const offered = path === '/' && c.env.trusted !== true ? c.req.query(TOKEN_PARAM) : undefined;
    if (offered !== undefined && !tokenMatches(tokenFromText(offered), token)) return signInPage(true);
    if ((method === 'GET' || method === 'HEAD') && ui?.has(path) === true) {
      const file = ui.serve(path);
      if (file !== undefined) return file;
      if (path === '/' && !ui.built) return text(404, NOT_BUILT);
    }
    // The spec's own area keeps its XML 404, as scripts expect.
    if (path.startsWith('/account/')) return notFound();
    if (c.env.trusted === true || tokenMatches(bearerToken(c.req.header('authorization')), token)) return notFound();
    return signInPage();
  };
}
