// Amounts of time (policy rule 12): "3 days", "twenty-one minutes", "an hour", "half an hour",
// and the phrases measured from now that use them ("in 3 days", "two weeks ago", "this time
// tomorrow"). Days, weeks, months and years are calendar amounts, PHP's "+N unit" terms (the same
// time of day); hours, minutes and seconds are elapsed time, that many real seconds, so "in 2
// hours" is 7,200 seconds away on the night the clocks change too.
import type { Form, TokenCursor } from './cursor.ts';
import { cardinalWord, unitOf } from './lexicon.ts';
import type { Meaning } from './meaning.ts';

export interface Amount {
  n: number;
  /** PHP's unit word: second, minute, hour, day, month, year. */
  unit: string;
  /** Written "days'" or "week's", which only "in ... time" takes. */
  possessive: boolean;
}

/** "3 days", "twenty-one minutes", "an hour", "a fortnight" (as 14 days). */
export function readAmount(c: TokenCursor): Amount | undefined {
  return c.attempt(() => {
    let n: number | undefined;
    const t = c.peek();
    if (t?.kind === 'number' && !t.suffixed) {
      c.pos++;
      n = t.value;
    } else if (c.eat('a', 'an') !== undefined) {
      n = 1;
    } else {
      const hit = cardinalWord(c.wordAt(), c.wordAt(1));
      if (hit !== undefined) {
        c.pos += hit.used;
        n = hit.value;
      }
    }
    const u = c.peek();
    if (n === undefined || u?.kind !== 'word' || u.dotted) return undefined;
    const unit = unitOf(u.text.replace(/'s?$/, ''));
    if (unit === undefined) return undefined;
    c.pos++;
    return { n: n * unit.multiplier, unit: unit.unit, possessive: /'s?$/.test(u.text) };
  });
}

/** Seconds in one of each elapsed unit; the other units are calendar amounts. */
const ELAPSED: Readonly<Record<string, number>> = { second: 1, minute: 60, hour: 3600 };

/** An amount added (sign 1) or taken away (-1): real seconds, or PHP's terms for a calendar amount. */
export function shift(a: Amount, sign: 1 | -1): { terms: string; elapsed: number | undefined } {
  const seconds = ELAPSED[a.unit];
  if (seconds !== undefined) return { terms: '', elapsed: sign * a.n * seconds };
  return { terms: `${sign < 0 ? '-' : '+'}${a.n} ${a.unit}`, elapsed: undefined };
}

const halfAnHour = (c: TokenCursor): Amount | undefined =>
  c.eatAll('half', 'an', 'hour') ? { n: 30, unit: 'minute', possessive: false } : undefined;

const FROM_NOW: readonly Form<Meaning>[] = [
  (c) => {
    if (c.eat('in') === undefined) return undefined;
    const a = halfAnHour(c) ?? readAmount(c);
    if (a === undefined || (c.eat('time') === undefined && a.possessive)) return undefined;
    return shift(a, 1);
  },
  (c) => {
    const a = halfAnHour(c) ?? readAmount(c);
    if (a === undefined || a.possessive) return undefined;
    if (c.eat('ago') !== undefined) return shift(a, -1);
    return c.eatAll('from', 'now') ? shift(a, 1) : undefined;
  },
  (c) => {
    if (!c.eatAll('this', 'time')) return undefined;
    const w = c.eat('tomorrow', 'yesterday', 'next', 'last');
    if (w === 'tomorrow' || w === 'yesterday') return { terms: w === 'tomorrow' ? '+1 day' : '-1 day' };
    const unit = c.eat('week', 'month', 'year');
    return w === undefined || unit === undefined ? undefined : { terms: `${w === 'next' ? '+' : '-'}1 ${unit}` };
  },
];

/** "in 3 days", "in 3 days' time", "3 days ago", "3 days from now", "in half an hour", "this time tomorrow". */
export function readFromNow(c: TokenCursor): Meaning | undefined {
  return c.first(FROM_NOW);
}
