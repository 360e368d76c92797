// Clock times stage 2 reads (policy rule 9): with am/pm in any spelling, the way only a 24-hour
// clock writes them ("14:30", "02:30", "0:15", "12:30"), noon and midday, or an hour "in the
// morning/afternoon/evening". Read as nothing, because a 12-hour-clock speaker may mean either
// half of the day: a bare hour ("at 10", "10 o'clock"), and "2:30" to "11:59" without am/pm.
// Midnight ("12am", "midnight") is read as nothing too: the start or the end of the day?
import type { TokenCursor } from './cursor.ts';
import type { Token } from './tokens.ts';

const p2 = (n: number): string => String(n).padStart(2, '0');

/** PHP's terms for a time of day. */
export const clockTerms = (h: number, m: number, s = 0): string => `${p2(h)}:${p2(m)}:${p2(s)}`;

/**
 * "10 am", "10:30 p.m.": hours 1 to 12; undefined when no am/pm follows. Exactly midnight
 * ("12am", "12:00 a.m.") is `null`: refused, not merely absent.
 */
function withMeridiem(c: TokenCursor, h: number, m: number, s: number): string | null | undefined {
  const t = c.peek();
  if (t?.kind !== 'meridiem') return undefined;
  c.pos++;
  if (h < 1 || h > 12 || (h === 12 && m === 0 && s === 0 && !t.pm)) return null;
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

/**
 * A time without am/pm that reads the same on both clocks: hour 0, 12 (12:30 is after noon on
 * either), 13 to 23, or an hour written with a leading zero ("02:30", which only the 24-hour
 * clock writes). "2:30" and "10:30" may be morning or evening to a 12-hour-clock speaker.
 */
function unambiguous(t: Extract<Token, { kind: 'clock' }>): boolean {
  return t.h <= 23 && (t.h === 0 || t.h >= 12 || t.leadingZero);
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
      const meridiem = withMeridiem(c, t.value, 0, 0);
      return meridiem === undefined ? inPartOfDay(c, t.value, 0) : (meridiem ?? undefined);
    }
    if (t?.kind === 'clock') {
      c.pos++;
      const s = t.s ?? 0;
      if (t.m > 59 || s > 59) return undefined;
      const meridiem = withMeridiem(c, t.h, t.m, s);
      if (meridiem !== undefined) return meridiem ?? undefined;
      return inPartOfDay(c, t.h, t.m) ?? (unambiguous(t) ? clockTerms(t.h, t.m, s) : undefined);
    }
    return undefined;
  });
}
