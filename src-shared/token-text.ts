// The access token in something a person pasted or a browser sent: the token itself, or an
// address (or query) that carries it as `token=...` (the `UI:` address the server prints). Read
// one way by the service (the printed address opened in a browser) and by the window (the
// sign-in form).

/** A token as the service makes or takes one: printable ASCII, no spaces. */
const TOKEN_TEXT = /^[\x21-\x7e]{1,512}$/;
const CARRIED = /(?:^|[?&#])token=([^&#\s]*)/;

/** The token in the text, or undefined when there is none that could be one. */
export function tokenInText(text: string): string | undefined {
  const trimmed = text.trim();
  const carried = CARRIED.exec(trimmed);
  let token = trimmed;
  if (carried !== null) {
    try {
      token = decodeURIComponent((carried[1] ?? '').replaceAll('+', ' '));
    } catch {
      return undefined;
    }
  }
  return TOKEN_TEXT.test(token) && !token.includes('token=') ? token : undefined;
}
