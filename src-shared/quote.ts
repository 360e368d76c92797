// Text from outside quoted back or kept stays short and inert. `quote` cuts input echoed in an
// error message (a garbage file or phrase must not be echoed whole: a 2 MB header would make a
// 2 MB error); the CLI then shows its control characters escaped. `providerText` is what is kept
// and shown of a provider's words (an error's message, an observation's message, a tooltip):
// one line, control characters gone, a few hundred characters at most.
const LIMIT = 80;

export function quote(text: string): string {
  return `"${text.length > LIMIT ? `${text.slice(0, LIMIT)}…` : text}"`;
}

/** The longest provider text kept or shown, in characters (a tray tooltip or a log line stays readable). */
export const MAX_PROVIDER_TEXT = 300;

// C0 and C1 controls, DEL, and the Unicode line separators and direction overrides a terminal,
// a tooltip or a log viewer would act on (the same set the CLI escapes).
// eslint-disable-next-line no-control-regex -- naming the control characters is the point
const CONTROLS = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu;

/**
 * A provider's words as they may be kept and shown: every run of control characters (escape
 * sequences, line breaks) becomes one space, and the text is cut to `limit` characters with a
 * "…" (never in the middle of a surrogate pair).
 */
export function providerText(text: string, limit = MAX_PROVIDER_TEXT): string {
  // Only the head is looked at: a 900 KB element name costs no more than a short one.
  const whole = text.length <= limit * 4;
  const plain = (whole ? text : text.slice(0, limit * 4)).replace(CONTROLS, ' ');
  if (whole && plain.length <= limit) return plain;
  let cut = plain.slice(0, Math.max(0, limit - 1));
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}
