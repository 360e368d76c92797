// The scanner loop (timelib_strtotime): trims the text, then repeatedly takes the longest rule
// match and runs its action. Any parse error means PHP's strtotime() returns false.
import { SCANNER_TABLES } from '../data/scanner-tables.ts';
import { LongestMatchScanner } from '../lexer/dfa.ts';
import type { Pattern } from '../lexer/pattern.ts';
import { decodeTable, fingerprint } from '../lexer/table.ts';
import { RULES, RULES_DAY_FIRST, type RuleName } from '../lexer/rules.ts';
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
  scanner: LongestMatchScanner;
  actions: readonly Action[];
}
let monthFirst: RuleSet | undefined;
let dayFirst: RuleSet | undefined;

/**
 * The scanner for `rules`: from the table built ahead of time (data/scanner-tables.ts) when it was
 * built from these very rules, else built from the rules on first use of each state.
 */
function scannerFor(rules: readonly (readonly [RuleName, Pattern])[], order: DateOrder): LongestMatchScanner {
  const patterns = rules.map((r) => r[1]);
  const shipped = SCANNER_TABLES[order];
  return new LongestMatchScanner(shipped.fingerprint === fingerprint(patterns) ? decodeTable(shipped.table) : patterns);
}

function ruleSet(order: DateOrder): RuleSet {
  if (order === 'dmy') {
    dayFirst ??= {
      scanner: scannerFor(RULES_DAY_FIRST, 'dmy'),
      actions: RULES_DAY_FIRST.map(([name]) => (name === 'american' ? americanDayFirst : ACTIONS_BY_NAME[name])),
    };
    return dayFirst;
  }
  monthFirst ??= { scanner: scannerFor(RULES, 'mdy'), actions: RULES.map(([name]) => ACTIONS_BY_NAME[name]) };
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
