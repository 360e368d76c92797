// Text that came from outside (an argument, a file, a request) and is about to be printed on a
// terminal: control characters are shown escaped (the one list of them and the escape are
// src-shared/quote.ts's), so input cannot move the cursor, recolour the screen, retitle the
// window or reorder the line, and a message is cut to MAX_MESSAGE_BYTES, so a huge argument
// cannot fill the screen.
import { escapeControls } from '../../src-shared/quote.ts';

export const MAX_MESSAGE_BYTES = 1024;

/** One printable line: whitespace runs become one space, other controls are escaped, at most `maxBytes` of UTF-8. */
export function safeLine(text: string, maxBytes = MAX_MESSAGE_BYTES): string {
  const line = escapeControls(text.replace(/[ \t\r\n]+/g, ' ').trim());
  if (Buffer.byteLength(line) <= maxBytes) return line;
  const marker = ' … (cut)';
  let cut = Buffer.from(line)
    .subarray(0, maxBytes - Buffer.byteLength(marker))
    .toString('utf8');
  // A multi-byte character cut in half decodes as U+FFFD: drop it.
  cut = cut.replace(/\ufffd$/, '');
  return cut + marker;
}

/** A log entry (several lines allowed, a stack trace): controls escaped but line feeds, at most `maxBytes`. */
export function safeLog(text: string, maxBytes = 16 * 1024): string {
  const clean = escapeControls(text, true);
  return Buffer.byteLength(clean) <= maxBytes
    ? clean
    : `${Buffer.from(clean)
        .subarray(0, maxBytes)
        .toString('utf8')
        .replace(/\ufffd$/, '')} … (cut)`;
}
