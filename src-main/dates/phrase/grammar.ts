// The phrases stage 2 reads (policy in ../README.md), as a small recursive-descent grammar over
// tokens. A reading must use every token; each form says what it means in PHP's own terms, which
// reading.ts hands to stage 1's arithmetic. Rule numbers refer to the policy.
import type { DateOrder } from '../types.ts';
import { MONTH_NAMES, WEEKDAY_ABBREVIATIONS } from '../vocabulary.ts';
import { cardinalWord, monthOf, ordinalWord, unitOf, weekdayOf } from './lexicon.ts';
import type { Token } from './tokens.ts';

/** A calendar date as written; missing parts come from today (rules 4, 13). */
export interface WrittenDate {
  day: number;
  /** "the last day of March": the month's last day, whatever `day` says. */
  lastOfMonth: boolean;
  /** Undefined for "the 3rd of next month": today's month moved by monthShift. */
  month: number | undefined;
  monthShift: number;
  /** Undefined for the current year moved by yearShift ("next year"). */
  year: number | undefined;
  yearShift: number;
  /** A weekday written with the date, which must agree with it (rule 6). */
  weekday: number | undefined;
}

export interface Meaning {
  date?: WrittenDate | undefined;
  /** PHP terms after the date, or alone: "tomorrow", "next thu", "+3 day", "tue +1 week", "april". */
  terms: string;
  /** "HH:MM:SS" when the phrase names a time of day. */
  time?: string | undefined;
  /** Not read when today is this weekday ("this coming Friday" on a Friday, rule 10). */
  notToday?: number | undefined;
}

/** A day a time can be put on, and how it may be introduced. */
interface Day extends Meaning {
  /** "on Friday", "on the 3rd": not "on tomorrow" or "on 3 days after Friday". */
  takesOn: boolean;
  /** A numeric date: read only joined to a time by "at" or a comma (rule 15). */
  numeric: boolean;
}

const p2 = (n: number): string => String(n).padStart(2, '0');
const clock = (h: number, m: number, s = 0): string => `${p2(h)}:${p2(m)}:${p2(s)}`;
const PHP_WEEKDAYS: readonly string[] = WEEKDAY_ABBREVIATIONS;
const SHIFTS: Readonly<Record<string, number>> = { next: 1, this: 0, last: -1, previous: -1 };
const SPANS: Readonly<Record<string, string>> = { week: '+1 week', fortnight: '+2 weeks' };

class Reader {
  private pos = 0;
  private readonly tokens: readonly Token[];
  private readonly order: DateOrder;

  constructor(tokens: readonly Token[], order: DateOrder) {
    this.tokens = tokens;
    this.order = order;
  }

  /** Tries `forms` in turn; the first that ends exactly at the last token is the reading. */
  whole(forms: readonly (() => Meaning | undefined)[]): Meaning | undefined {
    for (const form of forms) {
      this.pos = 0;
      const m = form();
      if (m !== undefined && this.pos === this.tokens.length) return m;
    }
    return undefined;
  }

  /** Runs `f`; on failure the position is restored. */
  private attempt<T>(f: () => T | undefined): T | undefined {
    const save = this.pos;
    const r = f();
    if (r === undefined) this.pos = save;
    return r;
  }

  private peek(k = 0): Token | undefined {
    return this.tokens[this.pos + k];
  }

  /** The word at the cursor (a word with a full stop only when `dotted` allows it). */
  private wordAt(k = 0): string | undefined {
    const t = this.peek(k);
    return t?.kind === 'word' && !t.dotted ? t.text : undefined;
  }

  /** Consumes one of `words` if it is next. */
  private eat(...words: string[]): string | undefined {
    const w = this.wordAt();
    if (w === undefined || !words.includes(w)) return undefined;
    this.pos++;
    return w;
  }

  private eatComma(): boolean {
    if (this.peek()?.kind !== 'comma') return false;
    this.pos++;
    return true;
  }

  // Times (rule 9)

  time(): string | undefined {
    return this.attempt(() => {
      const t = this.peek();
      if (this.eat('noon', 'midday', 'mid-day') !== undefined) return clock(12, 0);
      if (t?.kind === 'number' && !t.suffixed && t.digits <= 2) {
        this.pos++;
        if (t.value === 12 && this.eat('noon', 'midday') !== undefined) return clock(12, 0);
        // "o'clock" adds nothing: without am/pm or a part of the day the hour stays ambiguous.
        if (this.eat("o'clock", 'oclock') === undefined) this.attempt(() => (this.eat('o') !== undefined && this.eat('clock') !== undefined ? true : undefined));
        return this.meridiemTime(t.value, 0, 0) ?? this.partOfDay(t.value, 0);
      }
      if (t?.kind === 'clock') {
        this.pos++;
        const s = t.s ?? 0;
        if (t.m > 59 || s > 59) return undefined;
        const twelve = this.meridiemTime(t.h, t.m, s) ?? this.partOfDay(t.h, t.m);
        if (twelve !== undefined) return twelve;
        return t.h <= 23 ? clock(t.h, t.m, s) : undefined;
      }
      return undefined;
    });
  }

  /** "10 am", "10:30 p.m.": hours 1 to 12. */
  private meridiemTime(h: number, m: number, s: number): string | undefined {
    const t = this.peek();
    if (t?.kind !== 'meridiem' || h < 1 || h > 12) return undefined;
    this.pos++;
    return clock((h % 12) + (t.pm ? 12 : 0), m, s);
  }

  /** "10 in the morning", "3 in the afternoon", "8 in the evening", where the hour fits the part of the day. */
  private partOfDay(h: number, m: number): string | undefined {
    return this.attempt(() => {
      if (this.eat('in') === undefined || this.eat('the') === undefined) return undefined;
      const part = this.eat('morning', 'afternoon', 'evening');
      if (part === 'morning' && h >= 1 && h <= 11) return clock(h, m);
      if (part === 'afternoon' && h === 12) return clock(12, m);
      if (part === 'afternoon' && h >= 1 && h <= 5) return clock(h + 12, m);
      if (part === 'evening' && h >= 5 && h <= 11) return clock(h + 12, m);
      return undefined;
    });
  }

  // Days

  private weekday(): number | undefined {
    const t = this.peek();
    if (t?.kind !== 'word') return undefined;
    const wd = weekdayOf(t.text, t.dotted);
    if (wd !== undefined) this.pos++;
    return wd;
  }

  private month(): number | undefined {
    const t = this.peek();
    if (t?.kind !== 'word') return undefined;
    const m = monthOf(t.text, t.dotted);
    if (m !== undefined) this.pos++;
    return m;
  }

  /** A day of the month: "3", "3rd", or in words ("third", "twenty-first") where `words` allows. */
  private dayNumber(words: boolean): number | undefined {
    const t = this.peek();
    if (t?.kind === 'number' && t.digits <= 2) {
      this.pos++;
      return t.value;
    }
    if (!words) return undefined;
    const parts = [this.wordAt(), this.wordAt(1)].filter((w): w is string => w !== undefined);
    const hit = ordinalWord(parts);
    if (hit === undefined) return undefined;
    this.pos += hit.used;
    return hit.value;
  }

  /** ", 2027", "2027", "next year" after a date. */
  private yearPart(date: WrittenDate): WrittenDate {
    return this.attempt(() => {
      this.eatComma();
      const t = this.peek();
      if (t?.kind === 'number' && t.digits === 4 && !t.suffixed) {
        this.pos++;
        return { ...date, year: t.value };
      }
      const which = this.eat('next', 'last', 'previous', 'this');
      if (which === undefined || this.eat('year') === undefined) return undefined;
      return { ...date, yearShift: SHIFTS[which] ?? 0 };
    }) ?? date;
  }

  /** "the 3rd of May", "3 May", "May the 3rd", "12,May", "the 3rd of next month" (rules 4, 5, 13, 15). */
  private dateCore(): WrittenDate | undefined {
    const blank = { lastOfMonth: false, month: undefined, monthShift: 0, year: undefined, yearShift: 0, weekday: undefined };
    // An ordinal in words before the month only with "the" or "of" ("the first of May"), and a
    // comma only between digits and a month ("12,May"): "first Feb" and "Feb,first" are not read.
    const dayFirst = this.attempt(() => {
      const the = this.eat('the') !== undefined;
      const digits = this.peek()?.kind === 'number';
      const day = this.dayNumber(true);
      if (day === undefined) return undefined;
      const comma = digits && this.eatComma();
      const of = !comma && this.eat('of') !== undefined;
      if (!digits && !the && !of) return undefined;
      const month = this.month();
      if (month !== undefined) return this.yearPart({ ...blank, day, month });
      const which = of ? this.eat('next', 'this', 'last') : undefined;
      if (which === undefined || this.eat('month') === undefined) return undefined;
      return { ...blank, day, monthShift: SHIFTS[which] ?? 0 };
    });
    if (dayFirst !== undefined) return dayFirst;
    return this.attempt(() => {
      const month = this.month();
      if (month === undefined) return undefined;
      const comma = this.eatComma();
      if (!comma) this.eat('the');
      const day = this.dayNumber(!comma);
      return day === undefined ? undefined : this.yearPart({ ...blank, day, month });
    });
  }

  /** "the last day of March", "first day of May 2027": a named month's first or last day, as PHP reads them (rule 15). */
  private firstLastDayOf(): Day | undefined {
    return this.attempt(() => {
      this.eat('the');
      const which = this.eat('first', 'last');
      if (which === undefined || this.eat('day') === undefined || this.eat('of') === undefined) return undefined;
      const month = this.month();
      if (month === undefined) return undefined;
      const date = this.yearPart({ day: 1, lastOfMonth: which === 'last', month, monthShift: 0, year: undefined, yearShift: 0, weekday: undefined });
      return { date, terms: '', takesOn: true, numeric: false };
    });
  }

  /** A date, with the weekday it falls on if written ("Sunday, the 3rd of May"). */
  private date(): Day | undefined {
    return this.attempt(() => {
      const wd = this.attempt(() => {
        const w = this.weekday();
        if (w !== undefined) this.eatComma();
        return w;
      });
      const date = this.dateCore();
      return date === undefined ? undefined : { date: { ...date, weekday: wd }, terms: '', takesOn: true, numeric: false };
    });
  }

  /** "2026-05-03", "5/3/2026" (day first with dateOrder "dmy"). */
  private numericDate(): Day | undefined {
    const t = this.peek();
    const blank = { lastOfMonth: false, monthShift: 0, yearShift: 0, weekday: undefined };
    if (t?.kind === 'isoDate') {
      this.pos++;
      return { date: { ...blank, year: t.y, month: t.m, day: t.d }, terms: '', takesOn: false, numeric: true };
    }
    if (t?.kind === 'slashDate') {
      this.pos++;
      const [month, day] = this.order === 'dmy' ? [t.second, t.first] : [t.first, t.second];
      // Two-digit years as PHP reads them: below 70 is 20xx.
      const year = t.yearDigits === 2 ? (t.year < 70 ? 2000 + t.year : 1900 + t.year) : t.year;
      return { date: { ...blank, year, month, day }, terms: '', takesOn: false, numeric: true };
    }
    return undefined;
  }

  /**
   * "thurs", "next thurs", "this coming Friday", "Friday after next", "Tuesday week", "a week on
   * Friday" (rules 10, 13). The forms counted from a weekday other than PHP's plain name are not
   * read on that weekday itself: on a Friday, "this coming Friday" or "Friday week" may start from
   * today or from a week later.
   */
  private weekdayDay(): Day | undefined {
    const forms: (() => Day | undefined)[] = [
      () => {
        this.eat('the');
        const wd = this.weekday();
        if (wd === undefined || this.eat('after') === undefined || this.eat('next') === undefined) return undefined;
        return { terms: `next ${PHP_WEEKDAYS[wd] ?? ''} +1 week`, notToday: wd, takesOn: true, numeric: false };
      },
      () => {
        const wd = this.weekday();
        const span = this.eat('week', 'fortnight');
        if (wd === undefined || span === undefined) return undefined;
        return { terms: `${PHP_WEEKDAYS[wd] ?? ''} ${SPANS[span] ?? ''}`, notToday: wd, takesOn: true, numeric: false };
      },
      () => {
        if (this.eat('a') === undefined) return undefined;
        const span = this.eat('week', 'fortnight');
        if (span === undefined || this.eat('on') === undefined) return undefined;
        const wd = this.weekday();
        return wd === undefined ? undefined : { terms: `${PHP_WEEKDAYS[wd] ?? ''} ${SPANS[span] ?? ''}`, notToday: wd, takesOn: false, numeric: false };
      },
      () => {
        const coming = this.attempt(() => (this.eat('this') !== undefined && this.eat('coming') !== undefined ? true : undefined)) ?? this.eat('coming') !== undefined;
        const rel = coming ? undefined : this.eat('next', 'last', 'this');
        const wd = this.weekday();
        if (wd === undefined) return undefined;
        const name = PHP_WEEKDAYS[wd] ?? '';
        if (coming) return { terms: `next ${name}`, notToday: wd, takesOn: true, numeric: false };
        return { terms: rel === undefined ? name : `${rel} ${name}`, takesOn: true, numeric: false };
      },
    ];
    for (const form of forms) {
      const d = this.attempt(form);
      if (d !== undefined) return d;
    }
    return undefined;
  }

  /** today, tomorrow, yesterday, the day after tomorrow, a week today (rule 13). */
  private namedDay(): Day | undefined {
    const forms: (() => Day | undefined)[] = [
      () => {
        const w = this.eat('today', 'tomorrow', 'yesterday');
        return w === undefined ? undefined : { terms: w, takesOn: false, numeric: false };
      },
      () => {
        this.eat('the');
        if (this.eat('day') === undefined) return undefined;
        if (this.eat('after') !== undefined && this.eat('tomorrow') !== undefined) return { terms: 'tomorrow +1 day', takesOn: true, numeric: false };
        if (this.eat('before') !== undefined && this.eat('yesterday') !== undefined) return { terms: 'yesterday -1 day', takesOn: true, numeric: false };
        return undefined;
      },
      () => {
        if (this.eat('a') === undefined) return undefined;
        const span = this.eat('week', 'fortnight');
        const w = this.eat('today', 'tomorrow');
        return span === undefined || w === undefined ? undefined : { terms: `${w} ${SPANS[span] ?? ''}`, takesOn: false, numeric: false };
      },
    ];
    for (const form of forms) {
      const d = this.attempt(form);
      if (d !== undefined) return d;
    }
    return undefined;
  }

  /** A day without an amount measured from it. */
  private simpleDay(): Day | undefined {
    return this.namedDay() ?? this.firstLastDayOf() ?? this.date() ?? this.weekdayDay() ?? this.numericDate();
  }

  /** A day, or an amount measured from one: "3 days after tomorrow", "a week before the 3rd of May" (rule 7). */
  day(): Day | undefined {
    const anchored = this.attempt(() => {
      const a = this.amount();
      const rel = this.eat('after', 'before', 'from');
      if (a === undefined || rel === undefined) return undefined;
      const anchor = this.simpleDay();
      if (anchor === undefined || anchor.numeric) return undefined;
      const shift = `${rel === 'before' ? '-' : '+'}${a.n} ${a.unit}`;
      return { ...anchor, terms: `${anchor.terms} ${shift}`.trim(), takesOn: false };
    });
    return anchored ?? this.simpleDay();
  }

  // Amounts and phrases measured from now (rule 12)

  /** "3 days", "twenty-one minutes", "an hour", "a fortnight": the number and PHP's unit. */
  private amount(): { n: number; unit: string; possessive: boolean } | undefined {
    return this.attempt(() => {
      let n: number | undefined;
      const t = this.peek();
      if (t?.kind === 'number' && !t.suffixed) {
        this.pos++;
        n = t.value;
      } else if (this.eat('a', 'an') !== undefined) {
        n = 1;
      } else {
        const parts = [this.wordAt(), this.wordAt(1)].filter((w): w is string => w !== undefined);
        const hit = cardinalWord(parts);
        if (hit !== undefined) {
          this.pos += hit.used;
          n = hit.value;
        }
      }
      const u = this.peek();
      if (n === undefined || u?.kind !== 'word' || u.dotted) return undefined;
      const possessive = /'s?$/.test(u.text);
      const unit = unitOf(u.text.replace(/'s?$/, ''));
      if (unit === undefined) return undefined;
      this.pos++;
      return { n: n * unit.multiplier, unit: unit.unit, possessive };
    });
  }

  /** "in 3 days", "3 days ago", "3 days from now", "in 3 days' time", "in half an hour", "this time tomorrow". */
  fromNow(): Meaning | undefined {
    const forms: (() => Meaning | undefined)[] = [
      () => {
        if (this.eat('in') === undefined) return undefined;
        if (this.halfHour()) return { terms: '+30 minute' };
        const a = this.amount();
        if (a === undefined) return undefined;
        if (this.eat('time') === undefined && a.possessive) return undefined;
        return { terms: `+${a.n} ${a.unit}` };
      },
      () => {
        const half = this.halfHour();
        const a = half ? { n: 30, unit: 'minute', possessive: false } : this.amount();
        if (a === undefined || a.possessive) return undefined;
        if (this.eat('ago') !== undefined) return { terms: `-${a.n} ${a.unit}` };
        return this.eat('from') !== undefined && this.eat('now') !== undefined ? { terms: `+${a.n} ${a.unit}` } : undefined;
      },
      () => {
        if (this.eat('this') === undefined || this.eat('time') === undefined) return undefined;
        const w = this.eat('tomorrow', 'yesterday', 'next', 'last');
        if (w === 'tomorrow' || w === 'yesterday') return { terms: w === 'tomorrow' ? '+1 day' : '-1 day' };
        const unit = this.eat('week', 'month', 'year');
        return w === undefined || unit === undefined ? undefined : { terms: `${w === 'next' ? '+' : '-'}1 ${unit}` };
      },
    ];
    for (const form of forms) {
      const m = this.attempt(form);
      if (m !== undefined) return m;
    }
    return undefined;
  }

  private halfHour(): boolean {
    return this.attempt(() => (this.eat('half') !== undefined && this.eat('an') !== undefined && this.eat('hour') !== undefined ? true : undefined)) ?? false;
  }

  // Whole phrases (rules 1 and 8)

  /** ", at 5pm", " at 5pm", ", 5pm", " 5pm" after a day; `numeric` days need "at" or a comma. */
  timeAfter(numeric: boolean): string | undefined {
    return this.attempt(() => {
      const comma = this.eatComma();
      const at = this.eat('at') !== undefined;
      return numeric && !comma && !at ? undefined : this.time();
    });
  }

  /** "5pm on Friday", "at 10:30 tomorrow", "10am, Friday 3rd May". */
  timeThenDay(): Meaning | undefined {
    this.eat('at');
    const time = this.time();
    if (time === undefined) return undefined;
    this.eatComma();
    const on = this.eat('on') !== undefined;
    const day = this.day();
    if (day === undefined || day.numeric || (on && !day.takesOn)) return undefined;
    return { ...day, time };
  }

  /** "Friday at 5pm", "on the 3rd of May", "2026-05-03 at 10:00". */
  dayThenTime(): Meaning | undefined {
    const on = this.eat('on') !== undefined;
    const day = this.day();
    if (day === undefined || (on && !day.takesOn)) return undefined;
    const time = this.timeAfter(day.numeric);
    if (time === undefined && day.numeric) return undefined;
    return { ...day, time };
  }

  /** "in 3 days at 5pm", "two weeks ago". */
  fromNowWithTime(): Meaning | undefined {
    const m = this.fromNow();
    return m === undefined ? undefined : { ...m, time: this.timeAfter(false) };
  }

  /** "at 5pm", "noon" alone: today at that time (as PHP reads a time alone). */
  timeAlone(): Meaning | undefined {
    this.eat('at');
    const time = this.time();
    return time === undefined ? undefined : { terms: '', time };
  }

  /** "April at 10 pm": today's day of April (rule 11). */
  monthAtTime(): Meaning | undefined {
    const month = this.month();
    if (month === undefined) return undefined;
    this.eatComma();
    if (this.eat('at') === undefined) return undefined;
    const time = this.time();
    return time === undefined ? undefined : { terms: MONTH_NAMES[month - 1] ?? '', time };
  }
}

/** The meaning of a whole phrase under the policy, or undefined when it is not one the policy reads. */
export function readPhrase(tokens: readonly Token[], order: DateOrder): Meaning | undefined {
  if (tokens.length === 0) return undefined;
  const r = new Reader(tokens, order);
  return r.whole([() => r.timeAlone(), () => r.dayThenTime(), () => r.timeThenDay(), () => r.fromNowWithTime(), () => r.monthAtTime()]);
}
