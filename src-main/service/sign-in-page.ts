// The page a browser gets, instead of a bare error, when it asks for anything but the UI's own
// files without the access token. It needs no script (the page's CSP allows none inline): its
// form POSTs what was pasted (the token alone or the whole address the server printed) to `/`,
// so the token lands in no address and no history entry; a good one is answered with the UI's
// page carrying it in a <meta>, which the page takes and drops (src-renderer/api/access-token.ts).
import { TOKEN_META, TOKEN_PARAM } from '../../src-shared/access-token.ts';
import type { StaticFiles } from './static.ts';
import { pageHeaders } from './static.ts';

const PAGE = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Account Monitor: sign in</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.3rem; }
  input { width: 100%; box-sizing: border-box; font: inherit; padding: 0.4rem; }
  button { margin-top: 0.8rem; font: inherit; padding: 0.4rem 1rem; }
  code { font-size: 0.95em; }
</style>
</head>
<body>
<main>
<h1>Account Monitor: sign in</h1>
<!--refused-->
<p>This page needs the access token of the Account Monitor service on this computer. The service
printed an address with it when it started, on the line beginning <code>UI:</code>
(<code>http://127.0.0.1:PORT/#token=...</code>).</p>
<form method="post" action="/">
<label for="token">Access token, or the address the service printed</label>
<input id="token" name="${TOKEN_PARAM}" type="password" autocomplete="off" spellcheck="false" required>
<button type="submit">Open Account Monitor</button>
</form>
<p>The token is kept in the data folder, so it stays the same when the service restarts; run
<code>account-monitor serve --new-token</code> to replace it.</p>
</main>
</body>
</html>
`;

const REFUSED =
  '<p role="alert"><strong>That token was not accepted.</strong> It may have been replaced (<code>serve --new-token</code>): use the address the service printed last.</p>';

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/**
 * The answer to the sign-in form with the service's own token: the UI's page, handing the token
 * over in a <meta> (never stored: Cache-Control no-store). Undefined when the UI is not built.
 */
export function signedInPage(ui: StaticFiles | undefined, token: string): Response | undefined {
  const content = token.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
  return ui?.pageWith(`<meta name="${TOKEN_META}" content="${content}">`);
}

/** The page, answered 401; `refused` when a token was offered and is not the service's. */
export function signInPage(refused = false): Response {
  return new Response(refused ? PAGE.replace('<!--refused-->', REFUSED) : PAGE, {
    status: 401,
    headers: pageHeaders('text/html; charset=utf-8'),
  });
}
