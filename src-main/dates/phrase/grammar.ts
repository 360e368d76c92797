// The whole phrases stage 2 reads (policy rules 1 and 8 in ../README.md): a day and a time in
// either order ("Friday at 5pm", "5pm on Friday"), a time alone ("at 10am"), an amount from now
// ("in 3 days at 9am"), and a bare month with a time ("April at 10 pm"). A reading must use every
// token; the parts are read by days.ts, dates.ts, times.ts and amounts.ts.
import type { DateOrder } from '../types.ts';
import { MONTH_NAMES } from '../vocabulary.ts';
import { readFromNow } from './amounts.ts';
import { TokenCursor, type Form } from './cursor.ts';
import { readDay } from './days.ts';
import { monthOf } from './lexicon.ts';
import type { Meaning } from './meaning.ts';
import { readTime } from './times.ts';
import type { Token } from './tokens.ts';

/** ", at 5pm", " at 5pm", ", 5pm", " 5pm" after a day; a numeric date needs "at" or a comma (rule 15). */
function readTimeAfter(c: TokenCursor, numeric: boolean): string | undefined {
  return c.attempt(() => {
    const comma = c.eatComma();
    const at = c.eat('at') !== undefined;
    return numeric && !comma && !at ? undefined : readTime(c);
  });
}

const FORMS: readonly Form<Meaning>[] = [
  // "at 5pm", "midday": today at that time, as PHP reads a time alone.
  (c) => {
    c.eat('at');
    const time = readTime(c);
    return time === undefined ? undefined : { terms: '', time };
  },
  // "Friday at 5pm", "on the 3rd of May", "2026-05-03 at 14:00".
  (c) => {
    const on = c.eat('on') !== undefined;
    const day = readDay(c);
    if (day === undefined || (on && !day.takesOn)) return undefined;
    const time = readTimeAfter(c, day.numeric);
    return time === undefined && day.numeric ? undefined : { ...day, time };
  },
  // "5pm on Friday", "at 14:30 tomorrow".
  (c) => {
    c.eat('at');
    const time = readTime(c);
    if (time === undefined) return undefined;
    c.eatComma();
    const on = c.eat('on') !== undefined;
    const day = readDay(c);
    return day === undefined || day.numeric || (on && !day.takesOn) ? undefined : { ...day, time };
  },
  // "in 3 days at 9am", "two weeks ago". Not "in 2 hours at 5pm": an elapsed time from now
  // already names the instant, and a clock time would contradict it.
  (c) => {
    const m = readFromNow(c);
    if (m === undefined) return undefined;
    const time = readTimeAfter(c, false);
    return time !== undefined && m.elapsed !== undefined ? undefined : { ...m, time };
  },
  // "April at 10 pm": today's day of April (rule 11).
  (c) => {
    const t = c.peek();
    const month = t?.kind === 'word' ? monthOf(t.text, t.dotted) : undefined;
    if (month === undefined) return undefined;
    c.pos++;
    c.eatComma();
    const time = c.eat('at') === undefined ? undefined : readTime(c);
    return time === undefined ? undefined : { terms: MONTH_NAMES[month - 1] ?? '', time };
  },
];

/** The meaning of a whole phrase under the policy, or undefined when it is not one the policy reads. */
export function readPhrase(tokens: readonly Token[], order: DateOrder): Meaning | undefined {
  if (tokens.length === 0) return undefined;
  const c = new TokenCursor(tokens, order);
  for (const form of FORMS) {
    c.pos = 0;
    const m = form(c);
    if (m !== undefined && c.done) return m;
  }
  return undefined;
}
