// Reading the access token out of what a person pastes or opens, written once for both sides:
// the window's sign-in (src-renderer/api/access-token.ts) and the service, which checks the
// token an address or the sign-in form offers (src-main/service/ui-route.ts). What was pasted
// may be the token alone, or the whole address the service printed (`/#token=...`), or an older
// one (`/?token=...`), or a query carrying it.

/** The argument (query or fragment) that carries the token in an address, and the sign-in form's field. */
export const TOKEN_PARAM = 'token';

/**
 * The <meta> in which the service's answer to the sign-in form (a POST) hands the page the
 * token, so that it travels in no address (src-main/service/sign-in-page.ts).
 */
export const TOKEN_META = 'account-monitor-token';

/** A token as the service makes or takes one: printable ASCII, no spaces. */
const TOKEN_TEXT = /^[\x21-\x7e]{1,512}$/;

/** The token in `text`: the token itself, or an address (or query, or fragment) that carries it. */
export function tokenFromText(text: string): string | undefined {
  const trimmed = text.trim();
  const carried = /(?:^|[?&#])token=([^&#\s]*)/.exec(trimmed);
  let token = trimmed;
  if (carried !== null) {
    try {
      // As URLSearchParams reads an address: '+' is a space.
      token = decodeURIComponent((carried[1] ?? '').replaceAll('+', ' '));
    } catch {
      return undefined;
    }
  }
  return TOKEN_TEXT.test(token) && !token.includes('token=') ? token : undefined;
}
