// Clock times stage 2 reads (policy rule 9): with am/pm in any spelling, on the 24-hour clock with
// minutes, noon and midday, or an hour "in the morning/afternoon/evening". A bare hour, "o'clock"
// alone and midnight are ambiguous and read as nothing.
import type { TokenCursor } from './cursor.ts';

const p2 = (n: number): string => String(n).padStart(2, '0');

/** PHP's terms for a time of day. */
export const clockTerms = (h: number, m: number, s = 0): string => `${p2(h)}:${p2(m)}:${p2(s)}`;

/** "10 am", "10:30 p.m.": hours 1 to 12. */
function withMeridiem(c: TokenCursor, h: number, m: number, s: number): string | undefined {
  const t = c.peek();
  if (t?.kind !== 'meridiem' || h < 1 || h > 12) return undefined;
  c.pos++;
  return clockTerms((h % 12) + (t.pm ? 12 : 0), m, s);
}

/** "10 in the morning", "3 in the afternoon", "8 in the evening", where the hour fits the part of the day. */
function inPartOfDay(c: TokenCursor, h: number, m: number): string | undefined {
  return c.attempt(() => {
    if (!c.eatAll('in', 'the')) return undefined;
    const part = c.eat('morning', 'afternoon', 'evening');
    if (part === 'morning' && h >= 1 && h <= 11) return clockTerms(h, m);
    if (part === 'afternoon' && h === 12) return clockTerms(12, m);
    if (part === 'afternoon' && h >= 1 && h <= 5) return clockTerms(h + 12, m);
    if (part === 'evening' && h >= 5 && h <= 11) return clockTerms(h + 12, m);
    return undefined;
  });
}

/** A time of day as PHP terms ("17:30:00"), or undefined when there is none or it is ambiguous. */
export function readTime(c: TokenCursor): string | undefined {
  return c.attempt(() => {
    if (c.eat('noon', 'midday', 'mid-day') !== undefined) return clockTerms(12, 0);
    const t = c.peek();
    if (t?.kind === 'number' && !t.suffixed && t.digits <= 2) {
      c.pos++;
      if (t.value === 12 && c.eat('noon', 'midday') !== undefined) return clockTerms(12, 0);
      // "o'clock" adds nothing: without am/pm or a part of the day the hour stays ambiguous.
      if (c.eat("o'clock", 'oclock') === undefined) c.eatAll('o', 'clock');
      return withMeridiem(c, t.value, 0, 0) ?? inPartOfDay(c, t.value, 0);
    }
    if (t?.kind === 'clock') {
      c.pos++;
      const s = t.s ?? 0;
      if (t.m > 59 || s > 59) return undefined;
      return (
        withMeridiem(c, t.h, t.m, s) ?? inPartOfDay(c, t.h, t.m) ?? (t.h <= 23 ? clockTerms(t.h, t.m, s) : undefined)
      );
    }
    return undefined;
  });
}
