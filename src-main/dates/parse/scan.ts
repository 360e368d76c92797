// The scanner loop (timelib_strtotime): trims the text, then repeatedly takes the longest rule
// match and runs its action. Any parse error means PHP's strtotime() returns false.
import { LongestMatchScanner } from '../lexer/dfa.ts';
import { RULES } from '../lexer/rules.ts';
import { Cursor } from './cursor.ts';
import { dateAction } from './actions-date.ts';
import { relativeAction } from './actions-relative.ts';
import { timeAction } from './actions-time.ts';
import { newParsed, resetParsed, type Parsed } from './state.ts';

type Action = (name: string, t: Parsed, c: Cursor) => boolean;

const scanner = new LongestMatchScanner(RULES.map((r) => r[1]));
const NAMES: readonly string[] = RULES.map((r) => r[0]);
const noop: Action = () => true;
const error: Action = (_name, t) => {
  t.errors++;
  return true;
};
const probe = newParsed();
const probeCursor = new Cursor();
/** Which action table owns each rule, resolved once (the three tables are disjoint). */
const ACTIONS: readonly Action[] = NAMES.map((name) => {
  if (name === 'skip' || name === 'nul') return noop;
  if (name === 'any') return error;
  for (const table of [relativeAction, dateAction, timeAction]) {
    probeCursor.reset(new Uint8Array(1), 0, 0);
    if (table(name, probe, probeCursor)) return table;
  }
  throw new Error(`no action for rule ${name}`);
});

const PADDING = 8;
const encoder = new TextEncoder();
let buf = new Uint8Array(1024 + PADDING);
const cursor = new Cursor();

/** C isspace() in the "C" locale. */
const isSpace = (b: number): boolean => b === 32 || (b >= 9 && b <= 13);

/**
 * Puts the UTF-8 bytes of `text` into the shared buffer, trimmed as timelib trims and followed by
 * NUL padding; returns their length. (resolve() is synchronous, so one buffer serves all calls.)
 */
export function fillScanBuffer(text: string): number {
  let ascii = text.length <= 1024;
  if (ascii) {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch > 0x7f) {
        ascii = false;
        break;
      }
      buf[i] = ch;
    }
  }
  let raw: Uint8Array;
  let rawLen: number;
  if (ascii) {
    raw = buf;
    rawLen = text.length;
  } else {
    raw = encoder.encode(text);
    rawLen = raw.length;
  }
  // timelib's trim never removes the last character: "   " scans as one space (and means now).
  let s = 0;
  let e = rawLen - 1;
  while (s < e && isSpace(raw[s] as number)) s++;
  while (e > s && isSpace(raw[e] as number)) e--;
  const len = rawLen === 0 ? 0 : e - s + 1;
  if (len + PADDING > buf.length) buf = new Uint8Array(len + PADDING);
  if (raw !== buf) buf.set(raw.subarray(s, s + len));
  else if (s !== 0) buf.copyWithin(0, s, s + len);
  buf.fill(0, len, len + PADDING);
  return len;
}

const shared = newParsed();

/**
 * Parses like timelib_strtotime; undefined where PHP's strtotime() would return false. The
 * result is a shared object, valid until the next call (callers use it at once).
 */
export function scan(text: string): Parsed | undefined {
  const len = fillScanBuffer(text);
  if (len === 0) return undefined;
  const t = resetParsed(shared);
  const limit = len + PADDING;
  let pos = 0;
  while (pos < len) {
    if (!scanner.match(buf, pos, limit)) {
      t.errors++;
      pos++;
      continue;
    }
    const end = scanner.matchEnd;
    const rule = scanner.matchRule;
    cursor.reset(buf, pos, end);
    (ACTIONS[rule] as Action)(NAMES[rule] as string, t, cursor);
    if (t.errors > 0) return undefined;
    pos = end;
  }
  return t;
}
