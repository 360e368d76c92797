// Splits a phrase into the tokens stage 2 reads: words, numbers (with a day suffix), clock times,
// am/pm in any spelling, commas and numeric dates. Anything else (other punctuation, other
// scripts) makes the phrase unreadable: undefined.

export type Token =
  | { kind: 'word'; text: string; dotted: boolean }
  | { kind: 'number'; value: number; digits: number; suffixed: boolean }
  | { kind: 'clock'; h: number; m: number; s: number | undefined; dotted: boolean }
  | { kind: 'meridiem'; pm: boolean }
  | { kind: 'comma' }
  | { kind: 'isoDate'; y: number; m: number; d: number }
  | { kind: 'slashDate'; first: number; second: number; year: number; yearDigits: number };

const SPACE = /[ \t]+/y;
const ISO_DATE = /(\d{4})-(\d{2})-(\d{2})(?![\w/-])/y;
const SLASH_DATE = /(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?![\w/])/y;
const CLOCK = /(\d{1,2})([:.])(\d{2})(?:\2(\d{2}))?(?![\d:.]\d)/y;
const NUMBER = /(\d{1,5})(st|nd|rd|th)?(?![\d:./-])/y;
/** "am", "a.m.", "a.m", "a. m.", "a m": followed by no letter ("a month" is not a meridiem). */
const MERIDIEM = /([ap])\.? ?m\.?(?![a-z])/y;
/** Letters, inner hyphens and one apostrophe ("o'clock", "twenty-one", "days'", "week's"), then an optional full stop. */
const WORD = /([a-z]+(?:-[a-z]+)*(?:'[a-z]*)?)(\.)?/y;

function at(re: RegExp, text: string, pos: number): RegExpExecArray | null {
  re.lastIndex = pos;
  return re.exec(text);
}

const num = (s: string | undefined): number => Number(s ?? '');

/** The token at `pos` (none for spaces) and its length, or undefined when nothing fits. */
function tokenAt(text: string, pos: number): { value: Token | undefined; length: number } | undefined {
  let m: RegExpExecArray | null;
  if ((m = at(SPACE, text, pos)) !== null) return { value: undefined, length: m[0].length };
  if (text[pos] === ',') return { value: { kind: 'comma' }, length: 1 };
  if ((m = at(ISO_DATE, text, pos)) !== null) return { value: { kind: 'isoDate', y: num(m[1]), m: num(m[2]), d: num(m[3]) }, length: m[0].length };
  if ((m = at(SLASH_DATE, text, pos)) !== null) {
    return { value: { kind: 'slashDate', first: num(m[1]), second: num(m[2]), year: num(m[3]), yearDigits: (m[3] ?? '').length }, length: m[0].length };
  }
  if ((m = at(CLOCK, text, pos)) !== null) {
    return { value: { kind: 'clock', h: num(m[1]), m: num(m[3]), s: m[4] === undefined ? undefined : num(m[4]), dotted: m[2] === '.' }, length: m[0].length };
  }
  if ((m = at(NUMBER, text, pos)) !== null) {
    return { value: { kind: 'number', value: num(m[1]), digits: (m[1] ?? '').length, suffixed: m[2] !== undefined }, length: m[0].length };
  }
  if ((m = at(MERIDIEM, text, pos)) !== null) return { value: { kind: 'meridiem', pm: m[1] === 'p' }, length: m[0].length };
  if ((m = at(WORD, text, pos)) !== null) return { value: { kind: 'word', text: m[1] ?? '', dotted: m[2] !== undefined }, length: m[0].length };
  return undefined;
}

/** Tokens of a lower-case phrase (one final full stop dropped), or undefined when a character has no place in one. */
export function tokenize(lower: string): Token[] | undefined {
  // Any character outside printable ASCII (and the typographic apostrophe) makes the phrase unreadable.
  if (/[^\x20-\x7e\t’]/.test(lower)) return undefined;
  const text = lower.replace(/’/g, "'").trim().replace(/(?<=[a-z0-9])\.$/, '');
  const out: Token[] = [];
  let pos = 0;
  while (pos < text.length) {
    const token = tokenAt(text, pos);
    if (token === undefined) return undefined;
    if (token.value !== undefined) out.push(token.value);
    pos += token.length;
  }
  return out;
}
