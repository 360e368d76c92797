// Everything that is neither a spec endpoint nor the app API: the built window at / and its
// files, which anyone on a loopback address may fetch (they hold no data), and for any other
// path the sign-in page (401) unless the request carries the access token (then 404). No other
// path is ever looked up anywhere: see static.ts. The address the server prints, /?token=...,
// is checked here: a token that is not the service's gets the sign-in page saying so (the page
// itself takes a good one out of the address and keeps it; see src-renderer/api/access-token.ts).
import type { Handler } from 'hono';
import { tokenInText } from '../../src-shared/token-text.ts';
import { COMMON_HEADERS } from './errors.ts';
import { bearerToken, tokenMatches } from './guards.ts';
import type { Env } from './middleware.ts';
import { signInPage } from './sign-in-page.ts';
import type { StaticFiles } from './static.ts';

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

export function uiRoute(ui: StaticFiles | undefined, token: string, notFound: () => Response): Handler<Env> {
  return (c) => {
    const path = c.req.path;
    const method = c.req.method;
    const offered = path === '/' && c.env.trusted !== true ? c.req.query('token') : undefined;
    if (offered !== undefined && !tokenMatches(tokenInText(offered), token)) return signInPage(true);
    if ((method === 'GET' || method === 'HEAD') && ui?.has(path) === true) {
      const file = ui.serve(path);
      if (file !== undefined) return file;
      if (path === '/' && !ui.built)
        return text(404, 'Account Monitor: the web UI is not built. Run `npm run build:renderer` (npm ci does it).\n');
    }
    // The spec's own area keeps its XML 404, as scripts expect.
    if (path.startsWith('/account/')) return notFound();
    if (c.env.trusted === true || tokenMatches(bearerToken(c.req.header('authorization')), token)) return notFound();
    return signInPage();
  };
}
