// The corpus families. Each function returns inputs of one family of PHP's "Supported Date and Time
// Formats" (or garbage); build-corpus.ts adds case and whitespace variants.
import { MONTH_ABBREVIATIONS, MONTH_NAMES, ORDINAL_AMOUNTS, RELATIVE_WORDS, ROMAN_MONTHS, WEEKDAY_ABBREVIATIONS, WEEKDAY_NAMES } from '../../src-main/dates/vocabulary.ts';

type Rand = () => number;

const pick = <T,>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
const int = (rand: Rand, lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
const p2 = (n: number): string => String(n).padStart(2, '0');

// The word lists are the resolver's own (src-main/dates/vocabulary.ts); weekdays start on Monday
// here, an order the corpus was first built with (changing it changes every row).
const MONTHS: readonly string[] = MONTH_NAMES;
const MONTH_ABBR = MONTH_ABBREVIATIONS.map(([w]) => w);
const ROMAN: readonly string[] = ROMAN_MONTHS;
const mondayFirst = <T,>(xs: readonly T[]): T[] => [...xs.slice(1), ...xs.slice(0, 1)];
const DAYS = mondayFirst(WEEKDAY_NAMES);
const DAY_ABBR = mondayFirst(WEEKDAY_ABBREVIATIONS);
/** A sample of PHP's unit spellings (vocabulary.ts has them all) with "weekday(s)"; its order shapes the corpus. */
const UNITS = ['sec', 'secs', 'second', 'seconds', 'min', 'mins', 'minute', 'minutes', 'hour', 'hours', 'day', 'days', 'week', 'weeks',
  'fortnight', 'fortnights', 'forthnight', 'month', 'months', 'year', 'years', 'msec', 'ms', 'millisecond', 'milliseconds', 'usec', 'µs',
  'microsecond', 'microseconds', 'weekday', 'weekdays'];
const ORDINALS = ORDINAL_AMOUNTS.map(([w]) => w);
const RELTEXT = RELATIVE_WORDS.map(([w]) => w);
const ZONES_ID = ['Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'UTC', 'Australia/Sydney', 'America/Los_Angeles', 'Europe/London',
  'Asia/Kolkata', 'America/Sao_Paulo', 'Pacific/Auckland', 'Africa/Cairo', 'europe/berlin', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5',
  'Mars/Olympus', 'Foo/Bar'];
const ZONES_ABBR = ['EST', 'EDT', 'CST', 'CDT', 'MST', 'PST', 'PDT', 'GMT', 'UTC', 'BST', 'CET', 'CEST', 'EET', 'IST', 'JST', 'AEST', 'AEDT',
  'NZDT', 'HST', 'AKST', 'WET', 'MSK', 'Z', 'z', 'utc', 'est', 'A', 'M', 'Y', 'XYZ', 'FOO', 'ABCDEF', 'ABCDEFG'];
const OFFSETS = ['+0100', '-0500', '+01:00', '-05:30', '+1', '-11', '+14:00', 'GMT+2', 'GMT-0330', '+0', '-00:00', '+5:45', '+123', '+12345'];
const WORDS = ['now', 'today', 'midnight', 'noon', 'tomorrow', 'yesterday'];

function times(rand: Rand): string[] {
  const out: string[] = ['24:00', '24:00:00', '23:59:60', '00:00', '12:00am', '12:00pm', '12am', '12pm', '0am', '13pm', '1030', '2400',
    't1030', 'T10:30', 't103045', 'T103045', '10:30:45.123456', '10:30:45,5', '10.30', '10.30.45', '10:61', '25:00', '9:5', '9:05:7',
    'back of 7pm', 'front of 7', 'back of 19', 'front of 12am', '10:30:45.5 am', '04:08:37.81412 pm', '4pm', '4 pm', '4 p.m.', '4p.m.',
    '4 P.M.', '4:30pM', '12:30 a.m.', '11.30.15pm', '1:2:3', '01:02:03', '19:05:07.1', '0000', '235959', '240000', '1200 pm'];
  for (let i = 0; i < 650; i++) {
    const h = int(rand, 0, 26), m = int(rand, 0, 61), s = int(rand, 0, 61);
    const h12 = int(rand, 0, 13);
    const mer = pick(rand, ['am', 'pm', 'AM', 'PM', 'a.m.', 'p.m.', ' am', ' pm', ' a.m.', 'A.M.', ' P.M', 'a', 'p']);
    const f = pick(rand, [
      () => `${h}:${p2(m)}`, () => `${p2(h)}:${p2(m)}:${p2(s)}`, () => `${h12}${mer}`, () => `${h12}:${p2(m)}${mer}`,
      () => `${h12}:${p2(m)}:${p2(s)}${mer}`, () => `${p2(h)}${p2(m)}`, () => `${p2(h)}${p2(m)}${p2(s)}`, () => `t${p2(h)}${p2(m)}`,
      () => `${p2(h)}:${p2(m)}:${p2(s)}.${int(rand, 0, 999999)}`, () => `${h}.${p2(m)}`, () => `T${p2(h)}:${p2(m)}:${p2(s)}`,
      () => `${h}:${m}:${s}`, () => `${p2(h)}:${p2(m)} ${pick(rand, ZONES_ABBR)}`, () => `${p2(h)}:${p2(m)}:${p2(s)}${pick(rand, OFFSETS)}`,
      () => `${p2(h)}:${p2(m)}:${p2(s)} ${pick(rand, ZONES_ID)}`, () => `${h12}:${p2(m)}:${p2(s)}.${int(rand, 0, 999)}${mer}`,
    ]);
    out.push(f());
  }
  return out;
}

function isoDate(rand: Rand): string {
  const y = int(rand, 1960, 2040), m = int(rand, 0, 13), d = int(rand, 0, 32);
  return pick(rand, [
    `${y}-${p2(m)}-${p2(d)}`, `${y}-${m}-${d}`, `${y}/${p2(m)}/${p2(d)}`, `${y}/${m}/${d}`, `${String(y).slice(2)}-${p2(m)}-${p2(d)}`,
    `${y}${p2(m)}${p2(d)}`, `${y}-${p2(m)}`, `+${y}-${p2(m)}-${p2(d)}`, `-${y}-${p2(m)}-${p2(d)}`, `${y}/${p2(m)}/${p2(d)}/`,
  ]);
}

function dates(rand: Rand): string[] {
  const out: string[] = ['2021-02-31', '2021-02-29', '2024-02-29', '2023-02-29', '2000-00-00', '0000-00-00', '1999-12-31', '10000-01-01',
    '2008W27', '2008-W27-3', '2008W273', '2008-W53', '2009-W53-7', '2008-W01-0', '2008W00', '2008W54', '2008.197', '2008197', '2008.366',
    '2007.366', '2008.000', '1978', '2024', '0001', '9999', '1969', '2070', '12/25', '1/2/03', '2/29/2024', '13/1/2024', '12/32/2024',
    '29.02.2024', '29-02-2024', '29.2.24', '1.1.70', '31.12.69', '30-6-2008', '22.12.1978', '30.6.08', '30.06.08', '1-1-1', '1/1/1',
    '2008-6', '2008-6-30', '78-12-22', '8-6-21', '08-06-30', '99-1-1', '2008-6-30T', 'May-09-78', 'Apr-17-1790', '78-Dec-22',
    '1814-MAR-12', 'June 2008', 'Jun 2008', 'DEC1978', '1978 Dec', '1978-December', 'July 1st', 'July 1st, 2008', 'Dec 22', 'December 22, 1978',
    '22 December 1978', '22-dec-78', '22 Dec 78', '30-June 2008', '22DEC78', '14 III 1879', 'IV 12', '12 IV', 'VI', 'x', 'XII 2024',
    'Sat, 17 Jan 2026', 'sat 17 jan', 'Saturday 17 January 2026', 'the 1st of may', '1st may', 'may 1st', 'may', 'MAY', 'Sept 5', 'sept',
    '5 sept 2025', '17th', '3rd', '2nd jan', 'jan 2nd 2026', 'jan 2nd, 2026', 'jan. 2, 2026', 'jan.2.2026', 'feb 30', 'feb 29 2023'];
  for (let i = 0; i < 650; i++) out.push(isoDate(rand));
  for (let i = 0; i < 950; i++) {
    const y = int(rand, 1900, 2040), m = int(rand, 1, 12), d = int(rand, 1, 31);
    const y2 = p2(y % 100);
    const mt = pick(rand, [pick(rand, MONTHS), pick(rand, MONTH_ABBR), pick(rand, ROMAN)]);
    const suf = pick(rand, ['', '', 'st', 'nd', 'rd', 'th']);
    out.push(pick(rand, [
      `${m}/${d}/${y}`, `${m}/${d}/${y2}`, `${m}/${d}`, `${p2(d)}.${p2(m)}.${y}`, `${d}.${m}.${y2}`, `${d}-${m}-${y}`, `${d}.${m}.${y}`,
      `${d} ${mt} ${y}`, `${d}${suf} ${mt} ${y}`, `${mt} ${d}${suf}, ${y}`, `${mt} ${d}${suf}`, `${d}${suf} ${mt}`, `${mt} ${y}`,
      `${y} ${mt}`, `${mt}-${p2(d)}-${y}`, `${y}-${mt}-${p2(d)}`, `${d}-${mt}-${y2}`, `${mt}.${d}.${y}`, `${mt} ${d} ${y}`, `${d}${mt}${y}`,
      `${pick(rand, DAYS)}, ${d} ${mt} ${y}`, `${pick(rand, DAY_ABBR)} ${mt} ${d}`, mt, `${y}.${int(rand, 0, 400)}`, `${y}W${p2(int(rand, 0, 54))}`,
      `${y}-W${p2(int(rand, 1, 53))}-${int(rand, 0, 8)}`, `${y}`,
    ]));
  }
  return out;
}

function compound(rand: Rand): string[] {
  const out: string[] = ['2008-08-07T18:11:31+0200', '2008-08-07 18:11:31', '2008-07-01T22:35:17.02', '2008-07-01T22:35:17.03Z',
    'Thu, 21 Dec 2000 16:01:07 +0200', 'Thursday, 21-Dec-00 16:01:07 UTC', 'Sat, 17 Jan 2026 10:35:00 GMT', '@1215282385', '@-1',
    '@0', '@1215282385.123456', '@1215282385.12', '@ 100', '@abc', '2008:08:07 18:11:31', '2008-07-01T22:35:17.02+01:00',
    '2008-07-01T22:35:17.123456Z', '20080701T22:38:07', '20080701t223807', '20080701T9:38:07', '2008-7-1T9:3:37', '10/Oct/2000:13:55:36 -0700',
    '10/oct/2000:13:55:36 +0100', '2026-01-17T10:35:00Z', '2026-01-17 10:35:00 UTC', '2026-01-17 10:35:00 +05:30', '2026-01-17T10:35',
    '2026-01-17 10:35:00.999', '2026-01-17T10:35:00.5-08:00', '20260117', '20260117T103500', '2026-01-17 10am', '2026-01-17 10:35pm',
    '@9999999999', '@-9999999999', '@99999999999999999999', '2026-01-17T25:00:00', '2026-01-17 24:00', '2026-13-01 10:00',
    'Sat Jan 17 10:35:00 2026', 'Sat Jan 17 10:35:00 GMT 2026', 'Jan 17 10:35:00', 'Jan 17 10:35', 'January 17 10am', '17 Jan 2026 10:35',
    'Tue, 1 Jul 2003 10:52:37 +0200', 'Mon, 15 Aug 2005 15:52:01 +0000', 'Monday, 15-Aug-05 15:52:01 UTC', '2005-08-15T15:52:01+00:00',
    '1 Jan 2026 00:00:00 Europe/Paris', '2026-01-17 Europe/Paris', 'Europe/Paris', 'America/New_York', 'europe/paris', 'EUROPE/PARIS'];
  for (let i = 0; i < 1150; i++) {
    const y = int(rand, 1965, 2038), m = int(rand, 1, 12), d = int(rand, 1, 28), h = int(rand, 0, 23), mi = int(rand, 0, 59), s = int(rand, 0, 59);
    const mon = pick(rand, MONTH_ABBR);
    const day = pick(rand, DAY_ABBR);
    const zone = pick(rand, [pick(rand, OFFSETS), pick(rand, ZONES_ABBR), pick(rand, ZONES_ID), 'Z', '']);
    out.push(pick(rand, [
      `${y}-${p2(m)}-${p2(d)}T${p2(h)}:${p2(mi)}:${p2(s)}${zone}`, `${y}-${p2(m)}-${p2(d)} ${p2(h)}:${p2(mi)}:${p2(s)}`,
      `${y}-${p2(m)}-${p2(d)}T${p2(h)}:${p2(mi)}:${p2(s)}.${int(rand, 0, 999999)}${zone}`, `${day}, ${d} ${mon} ${y} ${p2(h)}:${p2(mi)}:${p2(s)} ${zone}`,
      `${pick(rand, DAYS)}, ${p2(d)}-${mon}-${p2(y % 100)} ${p2(h)}:${p2(mi)}:${p2(s)} ${zone}`, `@${int(rand, -2e9, 4e9)}`,
      `${y}:${p2(m)}:${p2(d)} ${p2(h)}:${p2(mi)}:${p2(s)}`, `${y}${p2(m)}${p2(d)}T${p2(h)}:${p2(mi)}:${p2(s)}`, `${y}${p2(m)}${p2(d)}t${p2(h)}${p2(mi)}${p2(s)}`,
      `${p2(d)}/${mon}/${y}:${p2(h)}:${p2(mi)}:${p2(s)} ${pick(rand, OFFSETS)}`, `${y}-${p2(m)}-${p2(d)} ${zone}`, `${y}-${p2(m)}-${p2(d)} ${h}:${p2(mi)} ${zone}`,
      `${p2(m)}/${p2(d)}/${y} ${h}:${p2(mi)}${pick(rand, ['am', 'pm', ''])}`, `${d} ${mon} ${y} ${h}:${p2(mi)}`, `${mon} ${d} ${y} ${p2(h)}:${p2(mi)}:${p2(s)}`,
      `${mon} ${d} ${p2(h)}:${p2(mi)}`, `${p2(h)}:${p2(mi)} ${y}-${p2(m)}-${p2(d)}`, `${y}-${p2(m)}-${p2(d)} ${pick(rand, WORDS)}`,
      `${pick(rand, WORDS)} ${p2(h)}:${p2(mi)}`, `${p2(d)}.${p2(m)}.${y} ${p2(h)}:${p2(mi)}`, `${y}-${m}-${d}T${h}:${mi}:${s}`,
    ]));
  }
  return out;
}

function relative(rand: Rand): string[] {
  const out: string[] = ['+1 day', '+1 week 2 days', '+1 week 2 days 4 hours 2 seconds', 'next Thursday', 'last Monday', '-1 week',
    '+24 hours', '-24 hours', '+1 day', '-1 day', '1 day ago', '2 weeks ago', '3 months ago', '+1 month', '-1 month', '+1 year',
    'last day of next month', 'first day of next month', 'last day of february', 'first day of january 2025', 'last day of this month',
    'first day of last month', 'first day of this year', 'last day of previous month', 'first monday of january 2025', 'last friday of next month',
    'second tuesday of march', 'third wed of 2025-06', 'last sunday of march 2026', 'first sat of next month', 'this week', 'next week',
    'last week', 'previous week', 'monday next week', 'sunday this week', 'sunday last week', 'friday this week', 'this week monday',
    'monday this week', 'next week friday', 'saturday this week', 'this sunday', 'next sunday', 'last sunday', 'this saturday', 'next saturday',
    'last saturday', 'saturday', 'sat', 'sunday', 'monday', 'friday', 'weekday', 'weekdays', '+3 weekdays', '-3 weekdays', '+0 weekdays',
    '+5 weekdays', '1 weekday ago', 'next weekday', 'last weekday', 'tomorrow', 'yesterday', 'today', 'now', 'midnight', 'noon',
    'tomorrow noon', 'noon tomorrow', 'yesterday noon', 'midnight tomorrow', 'tomorrow midnight', 'today 14:00', 'tomorrow 9am',
    'yesterday 23:59:59', 'now +1 hour', 'noon +1 day', 'today +3 days', '+1 week monday', 'monday +1 week', 'next monday 9am',
    'last friday 17:00', 'friday 5pm', 'sat 10:00', 'tomorrow 24:00', '+1 fortnight', '1 fortnight ago', '-2 fortnights', '+1 forthnight',
    '+100 years', '-100 years', '+1000 days', '+1 month -1 day', '+1 year -1 day', '-1 year +1 month', '+-1 day', '-+1 day', '--1 day',
    '++1 day', '+ 1 day', '- 1 day', '+1day', '+1  day', '1 day', '1 days', '1 sec', '30 secs', '90 min', '1 hour ago', '+1.5 hours',
    '+1500 ms', '-1500 msec', '+2000000 usec', '+1 µs', 'ago', '1 ago', 'day ago', 'next', 'last', 'this', 'next day', 'last day',
    'this day', 'next month', 'last month', 'this month', 'next year', 'last year', 'this year', 'next hour', 'last minute', 'next sec',
    'first day', 'first month', 'twelfth month', 'third week', 'eight days', 'eighth day', 'previous year', 'next fortnight',
    'first day of', 'last day of', 'first day of 2025', 'last day of 2024-02', 'last day of feb 2024', 'first day of +1 month',
    '+1 month first day of', 'first day of next month midnight', 'last day of next month noon', 'first monday of next month',
    'next monday of', 'a week ago', 'a day ago', 'an hour ago', 'in 3 days', 'in a week', 'a week from tomorrow', 'next Tuesday at 5pm',
    '3 days from now', 'two weeks ago', 'the day after tomorrow', 'day after tomorrow', 'last night', 'this morning', 'tonight',
    'Tuesday at 5pm', 'next tues', 'thurs', 'wednesday next week', '+1 week wednesday', 'last wednesday of this month', '-1 week ago',
    '3 weeks ago monday', 'monday 3 weeks ago', '1 year ago today', 'this time next week'];
  for (let i = 0; i < 2000; i++) {
    const n = pick(rand, [int(rand, 0, 12), int(rand, 0, 400), int(rand, 13, 100000)]);
    const unit = pick(rand, UNITS);
    const sign = pick(rand, ['+', '-', '', '', '+ ', '- ']);
    const wd = pick(rand, [pick(rand, DAYS), pick(rand, DAY_ABBR)]);
    const rel = pick(rand, RELTEXT);
    const ord = pick(rand, ORDINALS);
    const mt = pick(rand, [pick(rand, MONTHS), pick(rand, MONTH_ABBR)]);
    const time = pick(rand, ['', ' 9am', ' 17:30', ' noon', ' midnight', ' 00:00', ' 23:59:59', ' 12pm']);
    out.push(pick(rand, [
      `${sign}${n} ${unit}`, `${sign}${n} ${unit} ago`, `${n} ${unit} ${pick(rand, ['+', '-'])}${int(rand, 0, 30)} ${pick(rand, UNITS)}`,
      `${rel} ${unit}`, `${rel} ${wd}${time}`, `${wd} ${rel} week`, `${rel} week ${wd}`, `${ord} ${wd} of ${rel} month`, `${ord} ${wd} of ${mt} ${int(rand, 2000, 2030)}`,
      `last ${wd} of ${mt}`, `${pick(rand, ['first', 'last'])} day of ${rel} ${pick(rand, ['month', 'year', 'week'])}`, `${pick(rand, ['first', 'last'])} day of ${mt}`,
      `${pick(rand, ['first', 'last'])} day of ${mt} ${int(rand, 1999, 2030)}${time}`, `${pick(rand, WORDS)} ${sign}${n} ${unit}`, `${pick(rand, WORDS)} ${pick(rand, WORDS)}`,
      `${wd}${time}`, `${wd} ${sign}${n} ${unit}`, `${ord} ${unit}`, `${n} ${wd}`, `${isoDate(rand)} ${sign}${n} ${unit}`, `${isoDate(rand)} ${rel} ${wd}`,
      `${isoDate(rand)} ${pick(rand, ['first', 'last'])} day of`, `${mt} ${int(rand, 1, 28)} ${rel} year`, `${sign}${n} ${unit} ${wd}`,
      `${sign}${n} ${pick(rand, ['weekday', 'weekdays'])}`, `${pick(rand, WORDS)}${time}`, `${rel} ${unit} ago`,
    ]));
  }
  return out;
}

function zones(rand: Rand): string[] {
  const out: string[] = [];
  for (let i = 0; i < 600; i++) {
    const z = pick(rand, [pick(rand, ZONES_ID), pick(rand, ZONES_ABBR), pick(rand, OFFSETS), `(${pick(rand, ZONES_ABBR)})`]);
    out.push(pick(rand, [
      z, `now ${z}`, `today ${z}`, `noon ${z}`, `tomorrow ${z}`, `2026-01-17 12:00 ${z}`, `2026-03-29 01:30 ${z}`, `2026-10-25 01:30 ${z}`,
      `${z} 2026-07-01 00:00`, `12:00 ${z} +1 day`, `2024-02-29T13:45:10${z}`, `10am ${z}`, `${z} ${z}`, `2026-06-01 ${z} ${z}`,
    ]));
  }
  return out;
}

function dst(): string[] {
  const out: string[] = [];
  for (const d of ['2026-03-29', '2026-03-28', '2026-10-25', '2024-03-10', '2024-11-03', '2025-10-05', '2026-04-05', '2024-03-31']) {
    for (const t of ['00:30', '01:00', '01:30', '01:59:59', '02:00', '02:30', '03:00', '03:30']) out.push(`${d} ${t}`);
    out.push(`${d} +1 day`, `${d} +24 hours`, `${d} 01:30 +1 hour`, `${d} 00:30 +2 hours`, `${d} 12:00 -24 hours`, `${d} noon +1 day`);
  }
  return out;
}

function garbage(rand: Rand): string[] {
  const out: string[] = ['', ' ', '\t', 'hello', 'I have 2 cats', 'foo bar', 'nonsense', 'asdf', '!!!', '???', '---', '...', ',,,', '/', ':',
    '+', '-', '@', '#1', '1', '12', '123', '12345', '123456', '1234567', '123456789', '12345678901', '0', '00', '-1', '+1', '1.5',
    'the', 'of', 'at', 'on', 'in', 'a', 'b', 'j', 'z', 'ZZ', 'am', 'pm', 'st', 'th', 'jan jan', 'monday monday', '10:00 10:00',
    '2024-01-01 2024-01-02', 'tomorrow tomorrow', 'noon noon', 'now now', 'EST EST', 'UTC UTC', 'Europe/Paris Europe/Paris',
    '\u0000', 'now\u0000', '2024-01-01\u0000', '\u0000tomorrow', 'tom\u0000orrow', '\u0001', '\u001b[0m', 'now\u0007', 'tomorrow\n',
    '\ntomorrow', 'tomorrow\r\n', '\u000b\u000c', '\u00a0tomorrow', 'tomorrow\u00a0', 'mañana', '２０２４-01-01', '日曜日', '😀', 'now 😀',
    'Ünïcödé', 'tomorrow ü', 'é', 'café', 'µs', '1 µs', '½', 'naïve 2024', '\u2028', 'now\u200b', '10:00\u2009am', 'Sept.', 'x.y.z',
    '1/2/3/4', '1.2.3.4', '1-2-3-4', '1:2:3:4', '2024--01--01', '2024//01//01', '(now)', '[now]', '{now}', '"now"', "'now'", 'now;',
    'now!', 'now?', 'now.', 'now,', ',now', '.now', 'now/', '-now', '+now', 'now+', 'now-', 'now:', 'now@', '@now', 'tomorrowx',
    'xtomorrow', 'nowx', 'next-week', 'next_week', 'next/week', 'last-day-of-month', 'eleven', 'twelve', 'one day', 'one week ago',
    'DROP TABLE', '<script>', '%s%s', '${now}', 'null', 'undefined', 'NaN', 'Infinity', 'true', 'false', '0x10', '1e5', '-0', '--', '++'];
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789 :-/.,+@T()\t';
  for (let i = 0; i < 1000; i++) {
    const len = int(rand, 1, 14);
    let s = '';
    for (let j = 0; j < len; j++) s += chars[Math.floor(rand() * chars.length)] ?? '';
    out.push(s);
  }
  out.push('x'.repeat(257), '1'.repeat(300), 'tomorrow '.repeat(40), `${' '.repeat(250)}now`, `now${' '.repeat(253)}`);
  return out;
}

function combos(rand: Rand, pools: string[][]): string[] {
  const out: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const a = pick(rand, pick(rand, pools)), b = pick(rand, pick(rand, pools));
    out.push(pick(rand, [`${a} ${b}`, `${a}, ${b}`, `${a}${b}`]));
  }
  return out;
}

/** Token soup: short random sequences of date-ish tokens and separators, to exercise rule priority. */
function soup(rand: Rand): string[] {
  const tokens = ['1', '12', '2024', '07', '31', '1st', '22nd', '3rd', 'th', '10:30', '9:05:07', '23.59', '0930', '103045', '20240229',
    'T', 't', 'W', 'of', 'day', 'week', 'weeks', 'month', 'year', 'next', 'last', 'this', 'first', 'third', 'ago', 'am', 'pm', 'a.m.',
    'noon', 'midnight', 'today', 'tomorrow', 'now', 'mon', 'Monday', 'fri', 'sat', 'weekday', 'jan', 'Feb', 'march', 'sept', 'IV',
    'XII', 'UTC', 'EST', 'CEST', 'Z', '+01:00', '-0500', 'GMT+1', 'Europe/Paris', 'America/New_York', '@1700000000', '+1', '-2', '+3 days',
    'back of', 'front of', 'sec', 'min', 'hours', 'fortnight', 'msec', '2008W27', '2008.197', '1/2', '12/31/1999', '31.12.1999', '31-12-1999',
    '1999-12-31', '99-12-31', '2024-2', 'Dec-25-2024', '2024-Dec-25', '25/Dec/2024:10:00:00 +0000', '2024:12:25 10:00:00'];
  const seps = [' ', ' ', ' ', '', ',', ', ', '-', '/', '.', ':', '  ', '\t'];
  const out: string[] = [];
  for (let i = 0; i < 2500; i++) {
    const n = int(rand, 1, 4);
    let text = pick(rand, tokens);
    for (let j = 1; j < n; j++) text += pick(rand, seps) + pick(rand, tokens);
    out.push(text);
  }
  return out;
}

/** Relative soup: random chains of relative parts (weekday behaviour, "of", ago, zones, times). */
function relativeSoup(rand: Rand): string[] {
  const units = ['sec', 'min', 'hour', 'hours', 'day', 'days', 'week', 'weeks', 'fortnight', 'month', 'months', 'year', 'years', 'weekday', 'weekdays', 'monday', 'fri', 'sunday', 'sat'];
  const parts = [
    () => `${pick(rand, ['+', '-', ''])}${int(rand, 0, 40)} ${pick(rand, units)}`,
    () => `${pick(rand, RELTEXT)} ${pick(rand, [...units, 'week'])}`,
    () => `${pick(rand, ['first', 'second', 'third', 'fourth', 'fifth', 'last', 'next', 'this'])} ${pick(rand, DAYS)} of`,
    () => `${pick(rand, ['first', 'last'])} day of`, () => pick(rand, DAYS), () => 'ago', () => pick(rand, WORDS),
    () => `${int(rand, 0, 23)}:${p2(int(rand, 0, 59))}`, () => `${int(rand, 1, 12)}${pick(rand, ['am', 'pm'])}`,
    () => `${pick(rand, MONTHS)} ${int(rand, 1, 31)}`, () => `${pick(rand, MONTH_ABBR)} ${int(rand, 1990, 2035)}`,
    () => `${int(rand, 1990, 2035)}-${p2(int(rand, 1, 12))}-${p2(int(rand, 1, 31))}`, () => `${int(rand, 1990, 2035)}`,
    () => `${pick(rand, DAYS)} ${pick(rand, RELTEXT)} week`, () => pick(rand, [...ZONES_ABBR.slice(0, 12), ...ZONES_ID.slice(0, 6)]),
  ];
  const out: string[] = [];
  for (let i = 0; i < 1500; i++) {
    const xs: string[] = [];
    for (let j = int(rand, 1, 4); j > 0; j--) xs.push(pick(rand, parts)());
    out.push(xs.join(' '));
  }
  return out;
}

/** Number soup: digit runs of every length with separators (compact dates and times, years, timestamps). */
function numberSoup(rand: Rand): string[] {
  const seps = ['', ' ', '-', '/', '.', ':', 'T', 't', 'W', '+', '@', ',', '  '];
  const out: string[] = [];
  for (let i = 0; i < 1500; i++) {
    let s = rand() < 0.2 ? pick(rand, ['@', '+', '-', 'T', 't']) : '';
    for (let j = int(rand, 1, 4); j > 0; j--) {
      for (let k = int(rand, 1, rand() < 0.7 ? 4 : 14); k > 0; k--) s += String(int(rand, 0, 9));
      if (j > 1) s += pick(rand, seps);
    }
    if (rand() < 0.2) s += pick(rand, [' am', 'pm', ' UTC', 'Z', ' EST', '+01:00', ' Europe/Paris', 'th', 'st']);
    out.push(s);
  }
  return out;
}

export function corpusFamilies(rand: Rand): string[][] {
  const base = [times(rand), dates(rand), compound(rand), relative(rand), zones(rand), dst()];
  const small = base.map((f) => f.filter((s) => s.length <= 24));
  return [...base, garbage(rand), combos(rand, small), soup(rand), relativeSoup(rand), numberSoup(rand)];
}
