// What a phrase means, in the terms reading.ts hands to stage 1: a date as written (checked and
// completed against today) and PHP's own words for the rest.

/** A calendar date as written; missing parts come from today (policy rules 4, 13). */
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
  /** PHP terms for a time of day ("17:30:00") when the phrase names one. */
  time?: string | undefined;
  /** Not read when today is this weekday ("this coming Friday" on a Friday, rule 10). */
  notToday?: number | undefined;
  /**
   * Real seconds added to the instant the rest gives ("in 2 hours" is 7,200 seconds from now,
   * "2 hours after tomorrow" 7,200 seconds after tomorrow's midnight): hours, minutes and seconds
   * are elapsed time, never PHP's wall-clock "+2 hours" (rule 12).
   */
  elapsed?: number | undefined;
}

/** A day a time can be put on, and how it may be introduced. */
export interface Day extends Meaning {
  /** "on Friday", "on the 3rd": not "on tomorrow" or "on 3 days after Friday". */
  takesOn: boolean;
  /** A numeric date: read only joined to a time by "at" or a comma (rule 15). */
  numeric: boolean;
}

export function writtenDate(day: number, month: number | undefined): WrittenDate {
  return { day, lastOfMonth: false, month, monthShift: 0, year: undefined, yearShift: 0, weekday: undefined };
}

/** A day that is PHP terms alone ("tomorrow", "next thu"). */
export function termsDay(terms: string, takesOn: boolean, notToday?: number): Day {
  return { terms, takesOn, numeric: false, notToday };
}
