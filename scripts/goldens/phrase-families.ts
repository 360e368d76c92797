// The second-stage golden phrases: families of English that PHP's strtotime() rejects, each input
// with the meaning the policy (src-main/dates/README.md, "Stage 2 policy") gives it, written as PHP
// terms (see phrase-pieces.ts) or null for "not understood". Built from the policy alone: the
// resolver is never asked. regenerate-phrases.ts keeps only what PHP rejects and has PHP evaluate
// the meanings under each configuration.
import {
  amountPiece,
  datePiece,
  dateTerms,
  dayPiece,
  int,
  monthText,
  numberWord,
  onDay,
  ordinal,
  pick,
  shiftTerms,
  timePiece,
  unambiguousClock,
  weekdayText,
  type Piece,
  type Rand,
} from './phrase-pieces.ts';
import { CLOCK_CHANGES, HAND_WRITTEN } from './phrase-rows.ts';

/**
 * Joins a meaning with a time of day; a null on either side is "not understood", and so is a time
 * after an elapsed amount from now ("in 2 hours at 5pm": the amount already names the instant).
 */
function withTime(day: string | null, time: string | null): string | null {
  if (day === null || time === null) return null;
  const [terms, ...conditions] = day.split('|');
  if (terms === 'now') return null;
  return [`${terms ?? ''} ${time}`, ...conditions].join('|');
}

/** Dates in words: ordinals with "of", "the", word ordinals, a weekday that must agree (rules 4-6). */
function dates(rand: Rand): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < 500; i++) {
    const p = datePiece(rand);
    out.push(rand() < 0.15 ? { text: `on ${p.text}`, php: p.php } : p);
  }
  return out;
}

/** A day and a time, joined by "at", a comma, "on" or nothing, in either order (rule 8). */
function dayAndTime(rand: Rand): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < 700; i++) {
    const day = dayPiece(rand);
    const time = timePiece(rand);
    const php = withTime(day.php, time.php);
    const on = onDay(day);
    const [text, meaning] = pick(rand, [
      [`${day.text} at ${time.text}`, php],
      [`${day.text} at ${time.text}`, php],
      [`${day.text}, ${time.text}`, php],
      [`${day.text}, at ${time.text}`, php],
      [`${day.text} ${time.text}`, php],
      [`${time.text} on ${day.text}`, withTime(on.php, time.php)],
      [`at ${time.text} on ${day.text}`, withTime(on.php, time.php)],
      [`${on.text} at ${time.text}`, withTime(on.php, time.php)],
    ] as const);
    out.push({ text, php: meaning });
  }
  for (let i = 0; i < 120; i++) {
    const time = timePiece(rand);
    out.push({ text: `at ${time.text}`, php: time.php });
  }
  return out;
}

/** Weekdays in every spelling, with next/last/this/coming, alone (rules 3 and 10). */
function weekdays(rand: Rand): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < 200; i++) {
    const wd = int(rand, 0, 6);
    const { text, php } = weekdayText(rand, wd);
    const rel = pick(rand, ['', 'next ', 'last ', 'this ', 'this coming ', 'coming ', 'on ', 'on next ']);
    const meaning = rel.includes('coming') ? `next ${php}|nowwd!=${wd}` : `${rel.replace('on ', '')}${php}`;
    out.push({ text: `${rel}${text}`, php: meaning });
    const after = `${text} after next`;
    out.push({ text: rand() < 0.5 ? after : `the ${after}`, php: `next ${php} +1 week|nowwd!=${wd}` });
  }
  return out;
}

/** Amounts measured from now (rule 12) and from a day (rule 7), and the British forms (rule 13). */
function relatives(rand: Rand): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < 450; i++) {
    const a = amountPiece(rand);
    const plus = shiftTerms('now', a, 1);
    const minus = shiftTerms('now', a, -1);
    const r = rand();
    if (r < 0.25) out.push({ text: `in ${a.text}`, php: plus });
    else if (r < 0.45) out.push({ text: `${a.text} ago`, php: minus });
    else if (r < 0.55) out.push({ text: `${a.text} from now`, php: plus });
    else if (r < 0.6) out.push({ text: `in ${a.text}${a.text.endsWith('s') ? "'" : "'s"} time`, php: plus });
    else if (r < 0.85) {
      const anchor = dayPiece(rand);
      const rel = pick(rand, ['after', 'before', 'from']);
      const php = anchor.php === null ? null : shiftTerms(anchor.php, a, rel === 'before' ? -1 : 1);
      out.push({ text: `${a.text} ${rel} ${anchor.text}`, php });
    } else {
      // Dangling relations (rule 7) and words this reader does not know as relations.
      out.push({
        text: `${a.text} ${pick(rand, ['after', 'before', 'from', 'later', 'earlier', 'hence', 'since'])}`,
        php: null,
      });
    }
    if (rand() < 0.25) {
      const time = timePiece(rand);
      const last = out[out.length - 1];
      if (last !== undefined) out.push({ text: `${last.text} at ${time.text}`, php: withTime(last.php, time.php) });
    }
  }
  const half = ['in half an hour', 'half an hour ago', 'half an hour from now'];
  out.push(
    ...half.map((text) => ({
      text,
      php: text.startsWith('in') || text.endsWith('now') ? 'now|elapsed=1800' : 'now|elapsed=-1800',
    })),
  );
  for (const [text, php] of [
    ['this time tomorrow', '+1 day'],
    ['this time yesterday', '-1 day'],
    ['this time next week', '+1 week'],
    ['this time last week', '-1 week'],
    ['this time next month', '+1 month'],
    ['this time last month', '-1 month'],
    ['this time next year', '+1 year'],
    ['this time last year', '-1 year'],
    ['the day after tomorrow', 'tomorrow +1 day'],
    ['day after tomorrow', 'tomorrow +1 day'],
    ['the day before yesterday', 'yesterday -1 day'],
    ['day before yesterday', 'yesterday -1 day'],
    ['a week today', 'today +1 week'],
    ['a week tomorrow', 'tomorrow +1 week'],
    ['a fortnight today', 'today +2 weeks'],
    ['a fortnight tomorrow', 'tomorrow +2 weeks'],
    ['a week yesterday', null],
    ['a week last friday', null],
  ] as const) {
    out.push({ text, php });
  }
  for (let i = 0; i < 120; i++) {
    const wd = int(rand, 0, 6);
    const { text, php } = weekdayText(rand, wd);
    const [span, terms] = pick(rand, [
      ['week', '+1 week'],
      ['fortnight', '+2 weeks'],
    ] as const);
    out.push(
      pick(rand, [
        { text: `${text} ${span}`, php: `${php} ${terms}|nowwd!=${wd}` },
        { text: `a ${span} on ${text}`, php: `${php} ${terms}|nowwd!=${wd}` },
        { text: `${text} next`, php: null },
      ]),
    );
  }
  return out;
}

/** Year-less dates followed by a time, which PHP reads as a year (rules 4 and 8). */
function yearlessWithTime(rand: Rand): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < 250; i++) {
    const m = int(rand, 1, 12);
    const d = int(rand, 1, 28);
    const mt = monthText(rand, m);
    const h = int(rand, 0, 23),
      mi = int(rand, 0, 59),
      s = int(rand, 0, 59);
    const long = rand() < 0.5;
    const clock = `${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}${long ? `:${String(s).padStart(2, '0')}` : ''}`;
    // 10:xx and 11:xx have no leading zero to show the 24-hour clock: either half of the day (rule 9).
    const php = unambiguousClock(String(h).padStart(2, '0'))
      ? `${dateTerms(m, d)} ${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${long ? String(s).padStart(2, '0') : '00'}`
      : null;
    const h12 = h % 12 || 12;
    const pm = h >= 12 ? 'pm' : 'am';
    // "12am" and "12:00am" are midnight, the start or the end of the day: not read (rule 9).
    out.push(
      pick(rand, [
        { text: `${d} ${mt} ${clock}`, php },
        { text: `${ordinal(d)} ${mt} ${clock}`, php },
        {
          text: `${mt} ${d} ${h12}${pm}`,
          php: h === 0 ? null : `${dateTerms(m, d)} ${String(h).padStart(2, '0')}:00:00`,
        },
        {
          text: `${mt} ${d} ${h12}:${String(mi).padStart(2, '0')}${pm}`,
          php:
            h === 0 && mi === 0
              ? null
              : `${dateTerms(m, d)} ${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:00`,
        },
      ]),
    );
  }
  return out;
}

/** Commas between day and month ("12,May"), a bare month with a time ("April at 10 pm"), "of next month" (rules 11, 13, 15). */
function commasAndMonths(rand: Rand): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < 150; i++) {
    const m = int(rand, 1, 12);
    const d = int(rand, 1, 28);
    const mt = monthText(rand, m);
    const dd = pick(rand, [String(d), ordinal(d)]);
    out.push({
      text: pick(rand, [`${dd},${mt}`, `${dd}, ${mt}`, `${mt},${dd}`, `${mt}, ${dd}`]),
      php: dateTerms(m, d),
    });
  }
  for (let i = 0; i < 100; i++) {
    const m = int(rand, 1, 12);
    const time = timePiece(rand);
    out.push({
      text: `${monthText(rand, m)} at ${time.text}`,
      php: withTime(
        monthText(() => 0, m),
        time.php,
      ),
    });
  }
  for (let i = 0; i < 80; i++) {
    const d = int(rand, 1, 31);
    const [which, ym] = pick(rand, [
      ['next', '{YM+1}'],
      ['this', '{YM}'],
      ['last', '{YM-1}'],
    ] as const);
    out.push({
      text: `${pick(rand, ['the ', ''])}${ordinal(d)} of ${which} month`,
      php: `${ym}-${String(d).padStart(2, '0')}`,
    });
  }
  for (let i = 0; i < 60; i++) {
    const m = int(rand, 1, 12);
    const d = int(rand, 1, 28);
    const [which, y] = pick(rand, [
      ['next', '{Y+1}'],
      ['last', '{Y-1}'],
      ['previous', '{Y-1}'],
      ['this', '{Y}'],
    ] as const);
    const mt = monthText(rand, m);
    out.push({
      text: pick(rand, [`the ${ordinal(d)} of ${mt} ${which} year`, `${mt} ${d} ${which} year`]),
      php: dateTerms(m, d, y),
    });
  }
  return out;
}

/** Spacing and case (rule 2): PHP's "first/last day of" needs single spaces, its day suffixes lower case. */
function spacingAndCase(rand: Rand): Piece[] {
  const out: Piece[] = [];
  // A named month's first or last day is a date (rule 15); PHP's other "first/last day of" forms
  // keep the time of day or take the month of a week or year, which is not what the words say,
  // and "back of"/"front of" are PHP's idioms: not read.
  const multiword: readonly (readonly [string, string | null])[] = [
    ['last day of february', 'last day of february'],
    ['first day of january 2027', '2027-01-01'],
    ['last day of march', '{Y}-03-31'],
    ['the last day of april', '{Y}-04-30'],
    ['last day of sep 2000 12pm', '2000-09-30 12:00:00'],
    ['first day of may 2022 23:59:59', '2022-05-01 23:59:59'],
    ['last day of february 2010 midnight', null],
    ['first day of next month', null],
    ['last day of next month', null],
    ['last day of this month', null],
    ['first day of last month', null],
    ['last day of next year', null],
    ['last day of next week', null],
    ['back of 7pm', null],
    ['front of 9', null],
  ];
  for (const [text, php] of multiword) {
    out.push({ text: text.replace(/ /g, '  '), php }, { text: text.replace(/ /g, '\t'), php });
  }
  for (let i = 0; i < 120; i++) {
    const m = int(rand, 1, 12);
    const d = int(rand, 1, 28);
    const suffix = pick(rand, ['st', 'nd', 'rd', 'th', ordinal(d).slice(-2), ordinal(d).slice(-2)]);
    const mt = monthText(rand, m);
    const year = rand() < 0.4 ? int(rand, 1900, 2040) : undefined;
    const y = year === undefined ? '' : `, ${year}`;
    const lower = pick(rand, [`${mt} ${d}${suffix}${y}`, `${d}${suffix} ${mt}${y.replace(',', '')}`]);
    const text = rand() < 0.7 ? lower.toUpperCase() : lower.replace(/\d(st|nd|rd|th)/, (x) => x.toUpperCase());
    out.push({ text, php: dateTerms(m, d, year) });
  }
  return out;
}

/** What the policy leaves alone: vague times, bare durations, typos, sentences, garbage (rules 1, 3, 9, 12, 14). */
function notUnderstood(rand: Rand): Piece[] {
  const out: Piece[] = [];
  const vague = [
    'this morning',
    'tonight',
    'this evening',
    'this afternoon',
    'last night',
    'tomorrow morning',
    'tomorrow night',
    'yesterday afternoon',
    'the weekend',
    'this weekend',
    'next weekend',
    'end of the month',
    'the end of the month',
    'end of month',
    'end of day',
    'soon',
    'later',
    'later today',
    'a few days ago',
    'in a few days',
    'a couple of weeks ago',
    'in a couple of days',
    'christmas',
    'christmas day',
    'new year',
    "new year's day",
    'easter',
    'sometime next week',
    'the other day',
    'recently',
    'the 3rd',
    'the 21st',
    'on the 1st',
    '21st',
    'two weeks',
    'three days',
    'an hour',
    'a fortnight',
    'one day',
    'twenty minutes',
    'in 1.5 hours',
    'in 2.5 days',
    'tomorrow at midnight',
    'at midnight',
    'friday at midnight',
    'tomorrow at 5',
    'at 10',
    "10 o'clock",
    'half past ten',
    'quarter to five',
    'tomorrow at 5pm EST',
    'next friday at 10am UTC',
    'thursday next',
    'next',
    'last',
    'after tomorrow',
    'before friday',
    'since monday',
    'until friday',
    'by friday',
    'for tomorrow',
    'due tomorrow',
    'one hundred days ago',
    'in one hundred days',
    'a week after',
    'two days before',
    '3 days from',
    '1 day after',
    '1 hour after',
    '2 hours before',
    'January 32',
    'january 32nd',
    'the 32nd of may',
    'the 0th of may',
    'the 31st of april',
    '30th of february',
    'february 30th at 10am',
    'the 31st of june at noon',
    'may 3rd!',
    'tomorrow?',
    'next friday!!',
    '(tomorrow at 5pm)',
  ];
  out.push(...vague.map((text) => ({ text, php: null })));
  const sentences = [
    'call me {}',
    '{} please',
    'meeting {} with bob',
    'pay the rent {}',
    'i will top up {}',
    'what about {}',
    'balance {}',
    'how much {}',
    '{} or so',
    'around {}',
    'maybe {}',
    'not {}',
    '{} and {}',
  ];
  const valid = [
    'tomorrow at 5pm',
    'next thurs',
    'the 3rd of march',
    'in 3 days',
    'two weeks ago',
    'friday at noon',
    'the 1st of may',
  ];
  for (let i = 0; i < 120; i++)
    out.push({ text: pick(rand, sentences).replace(/\{\}/g, () => pick(rand, valid)), php: null });
  const typos = [
    'tomorow',
    'tommorow',
    'tommorrow',
    'yesturday',
    'yestarday',
    'thrusday',
    'thursdya',
    'wendsday',
    'wensday',
    'tuseday',
    'fridya',
    'satruday',
    'sundya',
    'mondey',
    'febuary',
    'feburary',
    'janurary',
    'agust',
    'septmber',
    'ocotber',
    'novmber',
    'decmber',
    'nxt',
    'nex',
    'lsat',
    'dyas',
    'weks',
    'hourss',
    'mintues',
    'agoo',
    'mornign',
  ];
  for (let i = 0; i < 150; i++) {
    const typo = pick(rand, typos);
    const frame = pick(rand, [
      '{}',
      '{} at 5pm',
      'next {}',
      'in 3 {}',
      '3 {} ago',
      'the 3rd of {}',
      '{} 3rd',
      'on {}',
      '2 weeks {}',
    ]);
    out.push({ text: frame.replace('{}', typo), php: null });
  }
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const words = [
    'the',
    'of',
    'at',
    'on',
    'in',
    'a',
    'an',
    'day',
    'week',
    'next',
    'last',
    'this',
    'ago',
    'from',
    'after',
    'before',
    'may',
    'march',
    'sat',
    'sun',
    'mon',
    'noon',
    'pm',
    'am',
    '3rd',
    '12',
    'half',
    'time',
    'today',
    'tomorrow',
    'friday',
  ];
  for (let i = 0; i < 150; i++) {
    let s = '';
    for (let k = int(rand, 2, 5); k > 0; k--) s += `${pick(rand, words)} `;
    out.push({ text: s.trim(), php: null });
  }
  for (let i = 0; i < 60; i++) {
    let s = '';
    for (let k = int(rand, 3, 12); k > 0; k--) s += letters[int(rand, 0, 25)] ?? '';
    out.push({ text: s, php: null });
  }
  return out;
}

/** A bare numeric date joined to a time by "at" (rule 15), and impossible ones. */
function numericWithTime(rand: Rand): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < 80; i++) {
    const y = int(rand, 2000, 2035),
      m = int(rand, 1, 12),
      d = int(rand, 1, 31);
    const time = timePiece(rand);
    const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const slashed = `${m}/${d}/${y}`;
    const [text, terms] = pick(rand, [
      [iso, dateTerms(m, d, y)],
      [slashed, dateTerms(m, d, y)],
      [`${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`, dateTerms(m, d, y)],
    ] as const);
    out.push({ text: `${text} at ${time.text}`, php: withTime(terms, time.php) });
  }
  for (let i = 0; i < 20; i++) {
    const y = int(rand, 2000, 2035),
      m = int(rand, 13, 19),
      d = int(rand, 1, 28);
    out.push({ text: `${m}/${d}/${y} at ${int(rand, 1, 12)}pm`, php: null });
  }
  return out;
}

export function phraseFamilies(rand: Rand): Piece[][] {
  const numbers: Piece[] = [];
  for (let n = 1; n <= 99; n += int(rand, 1, 6)) numbers.push({ text: `${numberWord(n)} days ago`, php: `-${n} day` });
  return [
    HAND_WRITTEN,
    dates(rand),
    dayAndTime(rand),
    weekdays(rand),
    relatives(rand),
    yearlessWithTime(rand),
    commasAndMonths(rand),
    spacingAndCase(rand),
    notUnderstood(rand),
    numericWithTime(rand),
    numbers,
    CLOCK_CHANGES,
  ];
}
