// The scanner loop (timelib_strtotime): trims the text, then repeatedly takes the longest rule
// match and runs its action. Any parse error means PHP's strtotime() returns false.
import { RULE_NAMES, SCANNER_TABLES } from '../data/scanner-tables.ts';
import type { RuleName } from '../lexer/rules.ts';
import { readTable } from '../lexer/table.ts';
import { TableScanner } from '../lexer/table-scanner.ts';
import type { DateOrder } from '../types.ts';
import { Cursor } from './cursor.ts';
import { americanDayFirst, DATE_ACTIONS } from './actions-date.ts';
import { RELATIVE_ACTIONS } from './actions-relative.ts';
import { TIME_ACTIONS } from './actions-time.ts';
import { newParsed, resetParsed, type Action, type Parsed } from './state.ts';

const noop: Action = () => undefined;
const error: Action = (t) => {
  t.errors++;
};

/** Every rule's action; `satisfies` makes a rule without an action a type error. */
const ACTIONS_BY_NAME = {
  ...RELATIVE_ACTIONS,
  ...DATE_ACTIONS,
  ...TIME_ACTIONS,
  skip: noop,
  nul: noop,
  any: error,
} satisfies Record<RuleName, Action>;

/** A scanner and its actions, by rule number. Made on first use: most processes read month first only. */
interface RuleSet {
  scanner: TableScanner;
  actions: readonly Action[];
}
let monthFirst: RuleSet | undefined;
let dayFirst: RuleSet | undefined;

/**
 * The scanner of each day/month order runs on the table built ahead of time from lexer/rules.ts
 * (data/scanner-tables.ts), so no process loads the rules' patterns or builds a state:
 * test/dates/scanner-tables.test.ts fails while the table is not the one the rules build.
 */
function ruleSet(order: DateOrder): RuleSet {
  const actions = (names: readonly RuleName[]): Action[] =>
    names.map((name) => (order === 'dmy' && name === 'american' ? americanDayFirst : ACTIONS_BY_NAME[name]));
  if (order === 'dmy') {
    dayFirst ??= { scanner: new TableScanner(readTable(SCANNER_TABLES.dmy.table)), actions: actions(RULE_NAMES) };
    return dayFirst;
  }
  monthFirst ??= { scanner: new TableScanner(readTable(SCANNER_TABLES.mdy.table)), actions: actions(RULE_NAMES) };
  return monthFirst;
}

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
export function scan(text: string, order: DateOrder = 'mdy'): Parsed | undefined {
  const len = fillScanBuffer(text);
  if (len === 0) return undefined;
  const { scanner, actions } = ruleSet(order);
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
    (actions[rule] as Action)(t, cursor);
    if (t.errors > 0) return undefined;
    pos = end;
  }
  return t;
}
