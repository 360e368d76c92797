// Stage 2, rule by rule (policy in src-main/dates/README.md), with the examples of issue 12, and the
// day/month order. Now is Saturday 21 November 2026 10:35 in London unless a test says otherwise;
// the answers must not depend on the machine's zone.
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { formatLocal, parseLocalWallTime, resolve, type DateOrder } from '../../src-main/dates/index.ts';
import { GRAMMAR_WORDS, isKnownWord } from '../../src-main/dates/phrase/lexicon.ts';

const ZONE = 'Europe/London';
const NOW = parseLocalWallTime('2026-11-21T10:35:00', ZONE) ?? Number.NaN;

/** The wall time a phrase resolves to, or "not understood". */
function read(text: string, now = NOW, zone = ZONE, dateOrder?: DateOrder): string {
  const r = resolve(text, { now, timeZone: zone, dateOrder });
  if (!r.understood) {
    expect(r.epochSeconds).toBe(Math.floor(now / 1000));
    return 'not understood';
  }
  return formatLocal(r.epochSeconds, zone);
}

describe('stage 2: what PHP rejects', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = savedTz;
  });

  for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo']) {
    it(`reads issue 12's examples as the policy says (TZ=${tz})`, () => {
      process.env.TZ = tz;
      expect(read('21 Mar 04:09:39')).toBe('2026-03-21 04:09:39');
      expect(read('MAY 3RD')).toBe('2026-05-03 00:00:00');
      expect(read('1st of January')).toBe('2026-01-01 00:00:00');
      expect(read('27 Sep 23:56', parseLocalWallTime('2027-03-15T09:00:00', ZONE))).toBe('2027-09-27 23:56:00');
      expect(read('April at 10 pm')).toBe('2026-04-21 22:00:00');
      expect(read('next thurs')).toBe('2026-11-26 00:00:00');
      expect(read('12,May')).toBe('2026-05-12 00:00:00');
      expect(read('January 32')).toBe('not understood');
      expect(read('1 day after')).toBe('not understood');
      expect(read('1 hour after')).toBe('not understood');
    });
  }

  it('reads only whole phrases, and no other punctuation or zone (rule 1)', () => {
    expect(read('I have 2 cats')).toBe('not understood');
    expect(read('call me tomorrow at 5pm')).toBe('not understood');
    expect(read('tomorrow at 5pm please')).toBe('not understood');
    expect(read('tomorrow at 5pm!')).toBe('not understood');
    expect(read('tomorrow at 5pm EST')).toBe('not understood');
    expect(read('tomorrow at 5pm.')).toBe('2026-11-22 17:00:00');
    expect(read('on the 3rd of May')).toBe('2026-05-03 00:00:00');
    expect(read('on tomorrow')).toBe('not understood');
  });

  it('ignores case and spacing, and reads day suffixes as PHP does (rule 2)', () => {
    expect(read('THE 3RD OF MARCH')).toBe('2026-03-03 00:00:00');
    expect(read('JULY 12ST, 1966')).toBe('1966-07-12 00:00:00');
    expect(read('last  day  of  march')).toBe('2026-03-31 00:00:00');
    expect(read('first\tday\tof\tmay 2027')).toBe('2027-05-01 00:00:00');
    // PHP's "first/last day of" with a relative month keeps the time of day: not what the words say.
    expect(read('first  day  of  next  month')).toBe('not understood');
    expect(read('LAST DAY OF LAST WEEK, IX 3RD')).toBe('not understood');
  });

  it('knows common abbreviations but corrects no typo (rule 3)', () => {
    expect(read('tues')).toBe('2026-11-24 00:00:00');
    expect(read('weds at 10am')).toBe('2026-11-25 10:00:00');
    expect(read('Thurs.')).toBe('2026-11-26 00:00:00');
    expect(read('2 hrs ago')).toBe('2026-11-21 08:35:00');
    expect(read('tomorow')).toBe('not understood');
    expect(read('thrusday')).toBe('not understood');
    expect(read('febuary 3rd')).toBe('not understood');
  });

  it('puts a date without a year in the current year, past or not (rule 4)', () => {
    expect(read('the 1st of January')).toBe('2026-01-01 00:00:00');
    expect(read('the 31st of December at noon')).toBe('2026-12-31 12:00:00');
    expect(read('the 3rd of May next year')).toBe('2027-05-03 00:00:00');
    expect(read('march 10 this year')).toBe('2026-03-10 00:00:00');
  });

  it('does not understand an impossible date (rule 5)', () => {
    expect(read('the 31st of April')).toBe('not understood');
    expect(read('29th of February')).toBe('not understood');
    expect(read('29th of February', parseLocalWallTime('2024-01-10T08:00:00', ZONE))).toBe('2024-02-29 00:00:00');
    expect(read('the 0th of May')).toBe('not understood');
    expect(read('the 31st of this month')).toBe('not understood');
    expect(read('the 31st of next month')).toBe('2026-12-31 00:00:00');
  });

  it('needs the weekday to agree with the date (rule 6)', () => {
    expect(read('Sunday the 3rd of May')).toBe('2026-05-03 00:00:00');
    expect(read('Friday the 3rd of May')).toBe('not understood');
    expect(read('WEDNESDAY JUNE 28TH')).toBe('not understood');
  });

  it('needs an anchor for a relation (rule 7)', () => {
    expect(read('2 hours before')).toBe('not understood');
    expect(read('3 days from')).toBe('not understood');
    expect(read('3 days later')).toBe('not understood');
    expect(read('3 days after tomorrow')).toBe('2026-11-25 00:00:00');
    expect(read('a week before the 3rd of May')).toBe('2026-04-26 00:00:00');
    expect(read('a week from Friday')).toBe('2026-12-04 00:00:00');
    expect(read('3 days from now')).toBe('2026-11-24 10:35:00');
  });

  it('keeps the time of day only for phrases measured from now (rule 8)', () => {
    expect(read('in 3 days')).toBe('2026-11-24 10:35:00');
    expect(read('two weeks ago')).toBe('2026-11-07 10:35:00');
    expect(read('this time tomorrow')).toBe('2026-11-22 10:35:00');
    expect(read('a week from tomorrow')).toBe('2026-11-29 00:00:00');
    expect(read('the day after tomorrow')).toBe('2026-11-23 00:00:00');
    expect(read('5pm on Friday')).toBe('2026-11-27 17:00:00');
    expect(read('at 14:30 on the 3rd of May')).toBe('2026-05-03 14:30:00');
    expect(read('in 3 days at 9am')).toBe('2026-11-24 09:00:00');
  });

  it('reads only unambiguous clock times (rule 9)', () => {
    for (const t of ['10am', '10 a.m.', '10 A.M', '10 a. m.', "10 o'clock am", '10 in the morning', '10:00 am']) {
      expect(read(`tomorrow at ${t}`)).toBe('2026-11-22 10:00:00');
    }
    expect(read('friday at 10.30 p.m.')).toBe('2026-11-27 22:30:00');
    expect(read('at 3 in the afternoon')).toBe('2026-11-21 15:00:00');
    expect(read('tomorrow at 12 noon')).toBe('2026-11-22 12:00:00');
    expect(read('midday')).toBe('2026-11-21 12:00:00');
    expect(read("10 o'clock")).toBe('not understood');
    expect(read('tomorrow at 10')).toBe('not understood');
    expect(read('tomorrow at midnight')).toBe('not understood');
    expect(read('half past 3')).toBe('not understood');
    expect(read('tomorrow at 13pm')).toBe('not understood');
    expect(read('10 in the afternoon')).toBe('not understood');
  });

  it('reads a clock time without am/pm only when both clocks read it the same way (rule 9)', () => {
    // "2:30" to "11:59" may be either half of the day to a 12-hour-clock speaker, as "at 10" may.
    for (const t of ['at 2:30', 'at 11:59', 'at 10:30', 'at 1:00', 'at 4.30', 'at 9:15:30'])
      expect(read(t)).toBe('not understood');
    for (const t of ['yesterday at 4:00', 'today at 4:00', '1:00 on sun', 'at 7:45 on friday', '2026-05-03 at 10:00'])
      expect(read(t)).toBe('not understood');
    // The 24-hour way: a leading zero, hour 0, 12 or 13 to 23; or am/pm or a part of the day.
    expect(read('at 02:30')).toBe('2026-11-21 02:30:00');
    expect(read('yesterday at 04:00')).toBe('2026-11-20 04:00:00');
    expect(read('01:00 on sun')).toBe('2026-11-22 01:00:00');
    expect(read('at 0:15')).toBe('2026-11-21 00:15:00');
    expect(read('at 12:30')).toBe('2026-11-21 12:30:00');
    expect(read('at 14:30')).toBe('2026-11-21 14:30:00');
    expect(read('at 2:30pm')).toBe('2026-11-21 14:30:00');
    expect(read('at 2:30 a.m.')).toBe('2026-11-21 02:30:00');
    expect(read('at 2:30 in the afternoon')).toBe('2026-11-21 14:30:00');
    expect(read('2026-05-03 at 09:00')).toBe('2026-05-03 09:00:00');
  });

  it('reads midnight in no phrase of its own: the start or the end of the day? (rule 9)', () => {
    const late = parseLocalWallTime('2026-11-21T23:59:59', ZONE) ?? Number.NaN;
    for (const t of ['at 12am', 'at 12 am', 'at 12:00 am', 'at 12 a.m.', "12 o'clock am", 'at midnight'])
      expect(read(t, late)).toBe('not understood');
    for (const t of ['tomorrow at 12am', 'friday at 12:00am', '12am on friday', 'tomorrow at midnight'])
      expect(read(t)).toBe('not understood');
    // The 24-hour way is the start of the day; half past midnight and noon are not in doubt.
    expect(read('tomorrow at 00:00')).toBe('2026-11-22 00:00:00');
    expect(read('at 12:30am')).toBe('2026-11-21 00:30:00');
    expect(read('at 12pm')).toBe('2026-11-21 12:00:00');
    // PHP's own phrases stay PHP's: "12am" and "midnight" alone are the start of today.
    expect(read('12am', late)).toBe('2026-11-21 00:00:00');
    expect(read('tomorrow midnight')).toBe('2026-11-22 00:00:00');
  });

  it('reads weekdays as PHP, and "this coming" only when today is another day (rule 10)', () => {
    expect(read('thurs')).toBe('2026-11-26 00:00:00');
    expect(read('last thurs')).toBe('2026-11-19 00:00:00');
    // "last tues" is PHP's own (the "s" is a military zone): stage 1 answers it, not this reader.
    expect(resolve('last tues', { now: NOW, timeZone: ZONE }).stage).toBe('strtotime');
    expect(read('this coming friday')).toBe('2026-11-27 00:00:00');
    expect(read('this coming saturday')).toBe('not understood');
    expect(read('friday after next')).toBe('2026-12-04 00:00:00');
  });

  it("keeps today's day of the month for a bare month name (rule 11)", () => {
    expect(read('April at 10 pm')).toBe('2026-04-21 22:00:00');
    expect(read('april at 10pm', parseLocalWallTime('2026-07-31T18:20:00', ZONE))).toBe('2026-05-01 22:00:00');
  });

  it('adds amounts as PHP does, and reads no bare or vague amount (rule 12)', () => {
    expect(read('in twenty-one days')).toBe('2026-12-12 10:35:00');
    expect(read('an hour ago')).toBe('2026-11-21 09:35:00');
    expect(read('in half an hour')).toBe('2026-11-21 11:05:00');
    expect(read("in 3 weeks' time")).toBe('2026-12-12 10:35:00');
    expect(read('in a month', parseLocalWallTime('2027-01-31T12:00:00', ZONE))).toBe('2027-03-03 12:00:00');
    expect(read('two weeks')).toBe('not understood');
    expect(read('a few days ago')).toBe('not understood');
    expect(read('in 1.5 hours')).toBe('not understood');
  });

  it('reads hours, minutes and seconds as real elapsed time on the nights the clocks change (rule 12)', () => {
    // London springs forward at 01:00 GMT on 2027-03-28: 02:00 to 03:00 is never on the clock.
    const spring = parseLocalWallTime('2027-03-28T00:30:00', ZONE) ?? Number.NaN;
    expect(read('in 2 hours', spring)).toBe('2027-03-28 03:30:00');
    expect(read('2 hours from now', spring)).toBe('2027-03-28 03:30:00');
    expect(read('in 24 hours', spring)).toBe('2027-03-29 01:30:00');
    expect(read('750 minutes from now', spring)).toBe('2027-03-28 14:00:00');
    expect(read('in half an hour', spring)).toBe('2027-03-28 02:00:00');
    expect(read('in 3600 seconds', spring)).toBe('2027-03-28 02:30:00');
    // Days are calendar days: the same time of day, 23 real hours later here, as PHP's "+1 day".
    expect(read('in 1 day', spring)).toBe('2027-03-29 00:30:00');
    // PHP's own "+2 hours" moves the wall clock (02:30 does not exist, so 03:30 is 1 real hour on).
    expect(read('+2 hours', spring)).toBe('2027-03-28 02:30:00');
    // New York falls back at 02:00 EDT on 2026-11-01: 01:00 to 02:00 happens twice.
    const NY = 'America/New_York';
    const fall = parseLocalWallTime('2026-11-01T00:30:00', NY) ?? Number.NaN;
    const epoch = (text: string): number => resolve(text, { now: fall, timeZone: NY }).epochSeconds;
    expect(epoch('in 2 hours') - fall / 1000).toBe(7200);
    expect(read('in 2 hours', fall, NY)).toBe('2026-11-01 01:30:00');
    expect(read('in 25 hours', fall, NY)).toBe('2026-11-02 00:30:00');
    expect(epoch('two hours ago') - fall / 1000).toBe(-7200);
    // From an anchor: the anchor's instant (with its time, if written), then the real seconds.
    expect(read('2 hours after tomorrow', spring)).toBe('2027-03-29 02:00:00');
    expect(read('3 hours after today', spring)).toBe('2027-03-28 04:00:00');
    expect(read('2 hours after tomorrow at 5pm')).toBe('2026-11-22 19:00:00');
    // An elapsed time from now already names the instant: a clock time after it contradicts it.
    expect(read('in 2 hours at 5pm')).toBe('not understood');
    expect(read('2 hours ago at 3pm')).toBe('not understood');
    expect(read('in 3 days at 5pm')).toBe('2026-11-24 17:00:00');
  });

  it('reads British phrases with one meaning (rule 13)', () => {
    expect(read('Tuesday week')).toBe('2026-12-01 00:00:00');
    expect(read('a fortnight on Friday')).toBe('2026-12-11 00:00:00');
    expect(read('a fortnight today')).toBe('2026-12-05 00:00:00');
    expect(read('the 3rd of next month')).toBe('2026-12-03 00:00:00');
    expect(read('Saturday week')).toBe('not understood');
    expect(read('a fortnight yesterday')).toBe('not understood');
    expect(read('Thurs next')).toBe('not understood');
  });

  it('does not read vague times (rule 14)', () => {
    for (const t of ['this morning', 'tonight', 'last night', 'the weekend', 'end of the month', 'christmas', 'soon'])
      expect(read(t)).toBe('not understood');
  });

  it('reads numeric dates only joined to a time, in the date order asked for (rule 15)', () => {
    expect(read('2026-05-03 at 14:00')).toBe('2026-05-03 14:00:00');
    expect(read('05/03/2026 at 10am')).toBe('2026-05-03 10:00:00');
    expect(read('05/03/2026 at 10am', NOW, ZONE, 'dmy')).toBe('2026-03-05 10:00:00');
    expect(read('13/05/2026 at 10am')).toBe('not understood');
    expect(read('the 3rd')).toBe('not understood');
    expect(read('2002 may 20')).toBe('not understood');
  });
});

describe('the words stage 2 knows', () => {
  it('include every word the grammar takes (a phrase with an unknown word is refused before the grammar runs)', () => {
    const dir = new URL('../../src-main/dates/phrase/', import.meta.url);
    const taken = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      for (const call of source.matchAll(/\beat(?:All)?\(([^)]*)\)/g)) {
        for (const word of (call[1] ?? '').matchAll(/'([^']+)'|"([^"]+)"/g)) taken.add(word[1] ?? word[2] ?? '');
      }
    }
    expect(taken.size).toBeGreaterThan(30);
    expect([...taken].filter((w) => !GRAMMAR_WORDS.has(w) && !isKnownWord(w))).toEqual([]);
  });
});

describe('date order', () => {
  it('reads slashed numeric dates month first by default and day first with "dmy"', () => {
    expect(read('01/07/2026')).toBe('2026-01-07 00:00:00');
    expect(read('01/07/2026', NOW, ZONE, 'mdy')).toBe('2026-01-07 00:00:00');
    expect(read('01/07/2026', NOW, ZONE, 'dmy')).toBe('2026-07-01 00:00:00');
    expect(read('1/7/26', NOW, ZONE, 'dmy')).toBe('2026-07-01 00:00:00');
    expect(read('1/7', NOW, ZONE, 'dmy')).toBe('2026-07-01 00:00:00');
    expect(read('13/1/2024', NOW, ZONE, 'dmy')).toBe('2024-01-13 00:00:00');
    expect(read('13/1/2024')).toBe('not understood');
    expect(read('1/13/2024', NOW, ZONE, 'dmy')).toBe('not understood');
    expect(read('01/07/2026 14:30 +1 day', NOW, ZONE, 'dmy')).toBe('2026-07-02 14:30:00');
  });

  it('leaves dashed, dotted and year-first dates as PHP reads them', () => {
    for (const order of ['mdy', 'dmy'] as const) {
      expect(read('01-07-2026', NOW, ZONE, order)).toBe('2026-07-01 00:00:00');
      expect(read('1.7.2026', NOW, ZONE, order)).toBe('2026-07-01 00:00:00');
      expect(read('2026/07/01', NOW, ZONE, order)).toBe('2026-07-01 00:00:00');
      expect(read('10/Oct/2000:13:55:36 -0700', NOW, ZONE, order)).toBe('2000-10-10 21:55:36');
    }
  });
});
