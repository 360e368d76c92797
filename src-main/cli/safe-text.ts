// Text that came from outside (an argument, a file, a request) and is about to be printed on a
// terminal: control characters are shown escaped, so input cannot move the cursor, recolour the
// screen or retitle the window, and a message is cut to MAX_MESSAGE_BYTES, so a huge argument
// cannot fill the screen.

export const MAX_MESSAGE_BYTES = 1024;

// C0 and C1 controls, DEL, and the Unicode line separators and direction overrides a terminal
// or a viewer would act on.
// eslint-disable-next-line no-control-regex -- naming the control characters is the point
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

function escaped(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One printable line: whitespace runs become one space, other controls are escaped, at most `maxBytes` of UTF-8. */
export function safeLine(text: string, maxBytes = MAX_MESSAGE_BYTES): string {
  const line = text
    .replace(/[ \t\r\n]+/g, ' ')
    .trim()
    .replace(CONTROL, escaped);
  if (Buffer.byteLength(line) <= maxBytes) return line;
  const marker = ' … (cut)';
  let cut = Buffer.from(line)
    .subarray(0, maxBytes - Buffer.byteLength(marker))
    .toString('utf8');
  // A multi-byte character cut in half decodes as U+FFFD: drop it.
  cut = cut.replace(/\ufffd$/, '');
  return cut + marker;
}

// eslint-disable-next-line no-control-regex -- as above, but line feeds and tabs are kept
const CONTROL_BUT_LINES = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** A log entry (several lines allowed, a stack trace): controls escaped but line feeds, at most `maxBytes`. */
export function safeLog(text: string, maxBytes = 16 * 1024): string {
  const clean = text.replace(CONTROL_BUT_LINES, escaped);
  return Buffer.byteLength(clean) <= maxBytes
    ? clean
    : `${Buffer.from(clean)
        .subarray(0, maxBytes)
        .toString('utf8')
        .replace(/\ufffd$/, '')} … (cut)`;
}
