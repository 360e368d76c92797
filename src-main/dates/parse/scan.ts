// The scanner loop (timelib_strtotime): trims the text, then repeatedly takes the longest rule
// match and runs its action. Any parse error means PHP's strtotime() returns false.
import { LongestMatchScanner } from '../lexer/dfa.ts';
import { RULES } from '../lexer/rules.ts';
import { Cursor } from './cursor.ts';
import { dateAction } from './actions-date.ts';
import { relativeAction } from './actions-relative.ts';
import { timeAction } from './actions-time.ts';
import { newParsed, type Parsed } from './state.ts';

const scanner = new LongestMatchScanner(RULES.map((r) => r[1]));
const NAMES: readonly string[] = RULES.map((r) => r[0]);
const PADDING = 8;
const cursor = new Cursor();
const encoder = new TextEncoder();

/** C isspace() in the "C" locale. */
const isSpace = (b: number): boolean => b === 32 || (b >= 9 && b <= 13);

/** The UTF-8 bytes of `text`, trimmed as timelib trims, followed by NUL padding. */
export function toScanBuffer(text: string): { buf: Uint8Array; len: number } {
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  let raw: Uint8Array;
  if (ascii) {
    raw = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) raw[i] = text.charCodeAt(i);
  } else {
    raw = encoder.encode(text);
  }
  // timelib's trim never removes the last character: "   " scans as one space (and means now).
  let s = 0;
  let e = raw.length - 1;
  while (s < e && isSpace(raw[s] as number)) s++;
  while (e > s && isSpace(raw[e] as number)) e--;
  const len = raw.length === 0 ? 0 : e - s + 1;
  e = s + len;
  const buf = new Uint8Array(len + PADDING);
  buf.set(raw.subarray(s, e));
  return { buf, len };
}

/** Parses like timelib_strtotime; undefined where PHP's strtotime() would return false. */
export function scan(text: string): Parsed | undefined {
  const { buf, len } = toScanBuffer(text);
  if (len === 0) return undefined;
  const t = newParsed();
  let pos = 0;
  while (pos < len) {
    if (!scanner.match(buf, pos)) {
      t.errors++;
      pos++;
      continue;
    }
    const name = NAMES[scanner.matchRule] as string;
    const end = scanner.matchEnd;
    cursor.reset(buf, pos, end);
    if (name === 'any') t.errors++;
    else if (name !== 'skip' && name !== 'nul') {
      // The three action tables are disjoint; each returns false for names it does not own.
      if (!relativeAction(name, t, cursor) && !dateAction(name, t, cursor)) timeAction(name, t, cursor);
    }
    pos = end;
  }
  return t.errors > 0 ? undefined : t;
}
