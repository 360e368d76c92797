// The built window at / and its files. Over TCP it needs the token: the printed address carries
// it once (?token=...), which is traded for a cookie and dropped from the address bar.
import type { Handler } from 'hono';
import { COMMON_HEADERS } from './errors.ts';
import { requestToken, tokenCookie, tokenMatches } from './guards.ts';
import type { Env } from './middleware.ts';
import type { StaticFiles } from './static.ts';

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

export function uiRoute(ui: StaticFiles | undefined, token: string, notFound: () => Response): Handler<Env> {
  return (c) => {
    const url = new URL(c.req.url);
    const file = ui?.serve(url.pathname);
    if (url.pathname !== '/' && file === undefined) return notFound();
    if (c.env.trusted !== true) {
      const offered = url.searchParams.get('token');
      if (url.pathname === '/' && offered !== null && tokenMatches(offered, token)) {
        return new Response(null, { status: 303, headers: { ...COMMON_HEADERS, Location: '/', 'Set-Cookie': tokenCookie(token) } });
      }
      if (!tokenMatches(requestToken(c.req.raw), token)) return text(401, 'Account Monitor: open the address the server printed; it carries the access token.\n');
    }
    return file ?? text(404, 'Account Monitor: the web UI is not built. Run `npm run build:renderer` (npm ci does it).\n');
  };
}
