// Splits a phrase into the tokens stage 2 reads: words, numbers (with a day suffix), clock times,
// am/pm in any spelling, commas and numeric dates. Anything else (other punctuation, other
// scripts) makes the phrase unreadable: undefined. A hand-written scanner over character codes:
// this runs for every input PHP rejects.

export type Token =
  | { kind: 'word'; text: string; dotted: boolean }
  | { kind: 'number'; value: number; digits: number; suffixed: boolean }
  | { kind: 'clock'; h: number; m: number; s: number | undefined; dotted: boolean; leadingZero: boolean }
  | { kind: 'meridiem'; pm: boolean }
  | { kind: 'comma' }
  | { kind: 'isoDate'; y: number; m: number; d: number }
  | { kind: 'slashDate'; first: number; second: number; year: number; yearDigits: number };

const COMMA: Token = { kind: 'comma' };
const AM: Token = { kind: 'meridiem', pm: false };
const PM: Token = { kind: 'meridiem', pm: true };

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLower = (c: number): boolean => c >= 97 && c <= 122;
const SPACE = 32,
  TAB = 9,
  DOT = 46,
  COLON = 58,
  SLASH = 47,
  DASH = 45,
  APOSTROPHE = 39,
  COMMA_CODE = 44;

/** Scans one lower-case phrase; `pos` is the read position, `out` the tokens so far. */
class Scanner {
  private pos = 0;
  private readonly text: string;
  readonly out: Token[] = [];

  constructor(text: string) {
    this.text = text;
  }

  private at(k: number): number {
    const i = this.pos + k;
    return i < this.text.length ? this.text.charCodeAt(i) : 0;
  }

  /** Set by digits(): the value and the count of the digits read. */
  private value = 0;
  private count = 0;

  /** Reads the digits from `pos + k` into value and count; returns the count. */
  private digits(k: number): number {
    let v = 0,
      n = 0;
    for (let c = this.at(k); isDigit(c); c = this.at(k + ++n)) v = v * 10 + (c - 48);
    this.value = v;
    this.count = n;
    return n;
  }

  /** Everything the scanner accepts; false at the first character that has no place in a phrase. */
  run(): boolean {
    while (this.pos < this.text.length) {
      const c = this.at(0);
      if (c === SPACE || c === TAB) this.pos++;
      else if (c === COMMA_CODE) {
        this.out.push(COMMA);
        this.pos++;
      } else if (isDigit(c)) {
        if (!this.numeric()) return false;
      } else if (isLower(c)) {
        if (!this.meridiem()) this.word();
      } else {
        return false;
      }
    }
    return true;
  }

  /** A numeric date, clock time or number; a letter may follow only as am/pm or a day suffix. */
  private numeric(): boolean {
    const an = this.digits(0);
    const a = this.value;
    const sep = this.at(an);
    if (an === 4 && sep === DASH) {
      const mn = this.digits(5),
        m = this.value;
      const dn = this.digits(8),
        d = this.value;
      if (mn !== 2 || this.at(7) !== DASH || dn !== 2 || this.boundary(10, true)) return false;
      this.out.push({ kind: 'isoDate', y: a, m, d });
      this.pos += 10;
      return true;
    }
    if (an <= 2 && sep === SLASH) {
      const bn = this.digits(an + 1),
        b = this.value;
      const yn = this.digits(an + bn + 2),
        y = this.value;
      const end = an + bn + 2 + yn;
      if (bn < 1 || bn > 2 || this.at(an + bn + 1) !== SLASH || (yn !== 2 && yn !== 4) || this.boundary(end, true))
        return false;
      this.out.push({ kind: 'slashDate', first: a, second: b, year: y, yearDigits: yn });
      this.pos += end;
      return true;
    }
    if (an <= 2 && (sep === COLON || sep === DOT)) {
      const mn = this.digits(an + 1),
        m = this.value;
      let end = an + 1 + mn;
      let s: number | undefined;
      if (mn === 2 && this.at(end) === sep && isDigit(this.at(end + 1))) {
        if (this.digits(end + 1) !== 2) return false;
        s = this.value;
        end += 3;
      }
      if (mn !== 2 || this.boundary(end, false)) return false;
      this.out.push({ kind: 'clock', h: a, m, s, dotted: sep === DOT, leadingZero: an === 2 && a < 10 });
      this.pos += end;
      return true;
    }
    if (an > 5) return false;
    const s1 = this.at(an),
      s2 = this.at(an + 1);
    const suffixed =
      (s1 === 115 && s2 === 116) ||
      (s1 === 110 && s2 === 100) ||
      (s1 === 114 && s2 === 100) ||
      (s1 === 116 && s2 === 104);
    const end = suffixed ? an + 2 : an;
    // After a number: a separator, or am/pm ("10am"); never more digits, a date or clock separator.
    const next = this.at(end);
    if (next === DOT || next === COLON || next === SLASH || next === DASH) return false;
    if (suffixed && isLower(next)) return false;
    this.out.push({ kind: 'number', value: a, digits: an, suffixed });
    this.pos += end;
    return true;
  }

  /** True when the character at `pos + k` continues the token (so the token is malformed). */
  private boundary(k: number, letters: boolean): boolean {
    const c = this.at(k);
    return isDigit(c) || c === SLASH || c === DASH || c === COLON || c === DOT || (letters && isLower(c));
  }

  /** "am", "a.m.", "a.m", "a. m.", "a m" (not followed by a letter: "a month" is no meridiem). */
  private meridiem(): boolean {
    const c = this.at(0);
    if (c !== 97 && c !== 112) return false;
    let k = 1;
    if (this.at(k) === DOT) k++;
    if (this.at(k) === SPACE) k++;
    if (this.at(k) !== 109) return false;
    k++;
    if (this.at(k) === DOT) k++;
    if (isLower(this.at(k))) return false;
    this.out.push(c === 112 ? PM : AM);
    this.pos += k;
    return true;
  }

  /** Letters with inner hyphens and one apostrophe ("twenty-one", "o'clock", "days'"), then an optional full stop. */
  private word(): void {
    const start = this.pos;
    let k = 0;
    for (;;) {
      while (isLower(this.at(k))) k++;
      if (this.at(k) === DASH && isLower(this.at(k + 1))) k++;
      else break;
    }
    if (this.at(k) === APOSTROPHE) {
      k++;
      while (isLower(this.at(k))) k++;
    }
    const text = this.text.slice(start, start + k);
    const dotted = this.at(k) === DOT;
    this.out.push({ kind: 'word', text, dotted });
    this.pos += k + (dotted ? 1 : 0);
  }
}

/** Tokens of a lower-case phrase (one final full stop dropped), or undefined when a character has no place in one. */
export function tokenize(lower: string): Token[] | undefined {
  let text = lower.trim().replace(/’/g, "'");
  const last = text.charCodeAt(text.length - 2);
  if (text.endsWith('.') && (isLower(last) || isDigit(last))) text = text.slice(0, -1);
  const s = new Scanner(text);
  return s.run() ? s.out : undefined;
}
