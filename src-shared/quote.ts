// Text from outside quoted back or kept stays short and inert. The one list of control
// characters lives here: C0 and C1 controls, DEL, the Unicode line separators, and the
// bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which a
// terminal, a tooltip, a notification or a log viewer would act on (an override makes
// "evil\u202Etxt.exe" read as "evilexe.txt"). Input rules refuse them (`hasControlCharacters`:
// account names, ledger notes); stored text shown back has them stripped (`plainText`,
// `providerText`); input echoed in a message has them escaped (`quote`, and the CLI's every line,
// cli/safe-text.ts), so a person sees what was typed. `quote` also cuts (a garbage file or phrase
// must not be echoed whole: a 2 MB header would make a 2 MB error). `providerText` is what is
// kept and shown of a provider's words (an error's message, an observation's message, a
// tooltip): one line, a few hundred characters at most.
const LIMIT = 80;

/** Every control character but tab and line feed, as the body of a regular expression's class. */
const CONTROL_CHARACTERS_BUT_LINES = '\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';

/** The control characters as a regular expression's class: all, or all but tab and line feed (`keepLines`). */
export function controlClass(keepLines = false): string {
  return `[${keepLines ? '' : '\\t\\n'}${CONTROL_CHARACTERS_BUT_LINES}]`;
}

const CONTROL_RUNS = new RegExp(`${controlClass()}+`, 'gu');
const CONTROL_RUNS_BUT_LINES = new RegExp(`${controlClass(true)}+`, 'gu');
const CONTROL = new RegExp(controlClass(), 'gu');
const CONTROL_BUT_LINES = new RegExp(controlClass(true), 'gu');
const ANY_CONTROL = new RegExp(controlClass(), 'u');
const ANY_CONTROL_BUT_LINES = new RegExp(controlClass(true), 'u');

/** True when `text` holds a control character (tab and line feed allowed with `keepLines`: a note). */
export function hasControlCharacters(text: string, keepLines = false): boolean {
  return (keepLines ? ANY_CONTROL_BUT_LINES : ANY_CONTROL).test(text);
}

/**
 * Stored text as it may be shown back (a name, a note): every run of control characters becomes
 * one space (tab and line feed kept with `keepLines`).
 */
export function plainText(text: string, keepLines = false): string {
  return text.replace(keepLines ? CONTROL_RUNS_BUT_LINES : CONTROL_RUNS, ' ');
}

function escaped(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Control characters shown as escapes (`\x1b`, `\u202e`): visible, and inert wherever the text goes. */
export function escapeControls(text: string, keepLines = false): string {
  return text.replace(keepLines ? CONTROL_BUT_LINES : CONTROL, escaped);
}

/**
 * Input echoed in a message: in quotes, on one line (whitespace runs one space), its other
 * control characters escaped (the user sees what was typed, nothing acts on it), cut to `limit`
 * characters (80) with a "…".
 */
export function quote(text: string, limit = LIMIT): string {
  const head = text.length > limit ? text.slice(0, limit) : text;
  return `"${escapeControls(head.replace(/[\t\r\n]+/g, ' '))}${text.length > limit ? '…' : ''}"`;
}

/** The longest provider text kept or shown, in characters (a tray tooltip or a log line stays readable). */
export const MAX_PROVIDER_TEXT = 300;

/**
 * A provider's words as they may be kept and shown: every run of control characters (escape
 * sequences, line breaks) becomes one space, and the text is cut to `limit` characters with a
 * "…" (never in the middle of a surrogate pair).
 */
export function providerText(text: string, limit = MAX_PROVIDER_TEXT): string {
  // Only the head is looked at: a 900 KB element name costs no more than a short one.
  const whole = text.length <= limit * 4;
  const plain = plainText(whole ? text : text.slice(0, limit * 4));
  if (whole && plain.length <= limit) return plain;
  let head = plain.slice(0, Math.max(0, limit - 1));
  const last = head.charCodeAt(head.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1);
  return `${head}…`;
}
