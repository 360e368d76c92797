// timelib's scanner rules (PHP's ext/date/lib/parse_date.re), restated with pattern.ts. The order
// is the file's rule order: on equal match length the earlier rule wins, as in re2c.
import { alt, bytes, cls, lit, opt, plus, rep, seq, star, word, type Pattern } from './pattern.ts';
import {
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  ORDINAL_AMOUNTS,
  RELATIVE_WORDS,
  ROMAN_MONTHS,
  UNIT_WORDS,
  WEEKDAY_ABBREVIATIONS,
  WEEKDAY_NAMES,
} from '../vocabulary.ts';

const digit = cls('0-9');
const nbsp = seq(bytes(0xc2), bytes(0xa0));
const nnbsp = seq(bytes(0xe2), bytes(0x80), bytes(0xaf));
const space = alt(plus(cls(' \t')), plus(nbsp), plus(nnbsp));
const frac = seq(lit('.'), plus(digit));

const hour24 = alt(seq(opt(cls('01')), digit), seq(lit('2'), cls('0-4')));
const hour24lz = alt(seq(cls('01'), digit), seq(lit('2'), cls('0-4')));
const hour12 = alt(seq(opt(lit('0')), cls('1-9')), seq(lit('1'), cls('0-2')));
const minute = seq(opt(cls('0-5')), digit);
const minutelz = seq(cls('0-5'), digit);
const second = alt(minute, lit('60'));
const secondlz = alt(minutelz, lit('60'));
const meridian = seq(cls('AaPp'), opt(lit('.')), cls('Mm'), opt(lit('.')), bytes(0, 9, 32));
const tz = alt(
  seq(opt(lit('(')), rep(cls('A-Za-z'), 1, 6), opt(lit(')'))),
  seq(cls('A-Z'), plus(cls('a-z')), plus(seq(cls('_/-'), plus(cls('A-Za-z'))))),
);
const tzcorrection = seq(
  opt(lit('GMT')),
  cls('+-'),
  alt(
    seq(hour24, opt(seq(opt(lit(':')), minute))),
    seq(hour24lz, minutelz, secondlz),
    seq(hour24lz, lit(':'), minutelz, lit(':'), secondlz),
  ),
);
const daysuf = alt(lit('st'), lit('nd'), lit('rd'), lit('th'));
const month = alt(seq(opt(lit('0')), digit), seq(lit('1'), cls('0-2')));
const day = seq(alt(seq(opt(cls('0-2')), digit), seq(lit('3'), cls('01'))), opt(daysuf));
const year = rep(digit, 1, 4);
const year2 = rep(digit, 2, 2);
const year4 = rep(digit, 4, 4);
const year4withsign = seq(opt(cls('+-')), year4);
const yearx = seq(cls('+-'), rep(digit, 5, 19));
const dayofyear = alt(
  seq(lit('00'), cls('1-9')),
  seq(lit('0'), cls('1-9'), digit),
  seq(cls('1-2'), digit, digit),
  seq(lit('3'), cls('0-5'), digit),
  seq(lit('36'), cls('0-6')),
);
const weekofyear = alt(seq(lit('0'), cls('1-9')), seq(cls('1-4'), digit), seq(lit('5'), cls('0-3')));
const monthlz = alt(seq(lit('0'), digit), seq(lit('1'), cls('0-2')));
const daylz = alt(seq(lit('0'), digit), seq(cls('1-2'), digit), seq(lit('3'), cls('01')));

const dayfulls = word(...WEEKDAY_NAMES.map((d) => `${d}s`));
const dayfull = word(...WEEKDAY_NAMES);
const dayabbr = word(...WEEKDAY_ABBREVIATIONS);
const dayspecial = word('weekday', 'weekdays');
const daytext = alt(dayfulls, dayfull, dayabbr, dayspecial);
const monthfull = word(...MONTH_NAMES);
const monthabbr = word(...MONTH_ABBREVIATIONS.map(([w]) => w));
const monthroman = alt(...ROMAN_MONTHS.map((r) => lit(r)));
const monthtext = alt(monthfull, monthabbr, monthroman);

const timetiny12 = seq(hour12, opt(space), meridian);
const timeshort12 = seq(hour12, cls(':.'), minutelz, opt(space), meridian);
const timelong12 = seq(hour12, cls(':.'), minute, cls(':.'), secondlz, opt(space), meridian);
const t = opt(word('t'));
const timetiny24 = seq(word('t'), hour24);
const timeshort24 = seq(t, hour24, cls(':.'), minute);
const timelong24 = seq(t, hour24, cls(':.'), minute, cls(':.'), second);
const iso8601long = seq(t, hour24, cls(':.'), minute, cls(':.'), second, frac);
const iso8601normtz = seq(t, hour24, cls(':.'), minute, cls(':.'), secondlz, opt(space), alt(tzcorrection, tz));
const gnunocolon = seq(t, hour24lz, minutelz);
const iso8601nocolon = seq(t, hour24lz, minutelz, secondlz);

const americanshort = seq(month, lit('/'), day);
const american = seq(month, lit('/'), day, lit('/'), year);
// Not PHP's: the same slashed forms with the day first, for dateOrder "dmy" ("1/7/2026" is 1 July).
const dayfirstshort = seq(day, lit('/'), month);
const dayfirst = seq(day, lit('/'), month, lit('/'), year);
const iso8601dateslash = seq(year4, lit('/'), monthlz, lit('/'), daylz, opt(lit('/')));
const dateslash = seq(year4, lit('/'), month, lit('/'), day);
const iso8601date4 = seq(year4withsign, lit('-'), monthlz, lit('-'), daylz);
const iso8601date2 = seq(year2, lit('-'), monthlz, lit('-'), daylz);
const iso8601datex = seq(yearx, lit('-'), monthlz, lit('-'), daylz);
const gnudateshorter = seq(year4, lit('-'), month);
const gnudateshort = seq(year, lit('-'), month, lit('-'), day);
const pointeddate4 = seq(day, cls('.\t-'), month, cls('.-'), year4);
const pointeddate2 = seq(day, cls('.\t'), month, lit('.'), year2);
const sep = star(cls(' \t.-'));
const datefull = seq(day, sep, monthtext, sep, year);
const datenoday = seq(monthtext, sep, year4);
const datenodayrev = seq(year4, sep, monthtext);
const datetextual = seq(monthtext, sep, day, plus(cls(',.stndrh\t ')), year);
const datenoyear = seq(monthtext, sep, day, alt(plus(cls(',.stndrh\t ')), bytes(0)));
const datenoyearrev = seq(day, sep, monthtext);
const datenocolon = seq(year4, monthlz, daylz);

const soap = seq(
  year4,
  lit('-'),
  monthlz,
  lit('-'),
  daylz,
  lit('T'),
  hour24lz,
  lit(':'),
  minutelz,
  lit(':'),
  secondlz,
  frac,
  opt(tzcorrection),
);
const xmlrpc = seq(year4, monthlz, daylz, lit('T'), hour24, lit(':'), minutelz, lit(':'), secondlz);
const xmlrpcnocolon = seq(year4, monthlz, daylz, word('t'), hour24, minutelz, secondlz);
const wddx = seq(year4, lit('-'), month, lit('-'), day, lit('T'), hour24, lit(':'), minute, lit(':'), second);
const pgydotd = seq(year4, opt(cls('.-')), dayofyear);
const pgtextshort = seq(monthabbr, lit('-'), daylz, lit('-'), year);
const pgtextreverse = seq(year, lit('-'), monthabbr, lit('-'), daylz);
const mssqltime = seq(hour12, lit(':'), minutelz, lit(':'), secondlz, cls(':.'), plus(digit), meridian);
const isoweekday = seq(year4, opt(lit('-')), lit('W'), weekofyear, opt(lit('-')), cls('0-7'));
const isoweek = seq(year4, opt(lit('-')), lit('W'), weekofyear);
const exif = seq(year4, lit(':'), monthlz, lit(':'), daylz, lit(' '), hour24lz, lit(':'), minutelz, lit(':'), secondlz);
const firstdayof = word('first day of');
const lastdayof = word('last day of');
const backof = seq(word('back of '), hour24, opt(seq(opt(space), meridian)));
const frontof = seq(word('front of '), hour24, opt(seq(opt(space), meridian)));
const clf = seq(
  day,
  lit('/'),
  monthabbr,
  lit('/'),
  year4,
  lit(':'),
  hour24lz,
  lit(':'),
  minutelz,
  lit(':'),
  secondlz,
  space,
  tzcorrection,
);
const timestamp = seq(lit('@'), opt(lit('-')), plus(digit));
const timestampms = seq(lit('@'), opt(lit('-')), plus(digit), lit('.'), rep(digit, 0, 6));

const dateshortwithtimeshort12 = seq(datenoyear, timeshort12);
const dateshortwithtimelong12 = seq(datenoyear, timelong12);
const dateshortwithtimeshort = seq(datenoyear, timeshort24);
const dateshortwithtimelong = seq(datenoyear, timelong24);
const dateshortwithtimelongtz = seq(datenoyear, iso8601normtz);

const reltextnumber = word(...ORDINAL_AMOUNTS.map(([w]) => w));
const reltexttext = word(...RELATIVE_WORDS.map(([w]) => w));
// timelib's reltextunit: every unit word except the singular "week", which has rules of its own.
const reltextunit = alt(word(...UNIT_WORDS.map(([w]) => w).filter((w) => w !== 'week')), daytext);
const relnumber = seq(star(cls('+-')), star(cls(' \t')), rep(digit, 1, 13));
const relative = seq(relnumber, opt(space), alt(reltextunit, word('week')));
const relativetext = seq(alt(reltextnumber, reltexttext), space, reltextunit);
const relativetextweek = seq(reltexttext, space, word('week'));
const weekdayof = seq(alt(reltextnumber, reltexttext), space, alt(dayfulls, dayfull, dayabbr), space, word('of'));

/** Rule identifiers, in priority order; the action for each lives in actions/*.ts. */
export const RULES = [
  ['yesterday', word('yesterday')],
  ['now', word('now')],
  ['noon', word('noon')],
  ['midnightToday', word('midnight', 'today')],
  ['tomorrow', word('tomorrow')],
  ['timestamp', timestamp],
  ['timestampms', timestampms],
  ['firstLastDayOf', alt(firstdayof, lastdayof)],
  ['backFrontOf', alt(backof, frontof)],
  ['weekdayOf', weekdayof],
  ['time12', alt(timetiny12, timeshort12, timelong12)],
  ['mssqltime', mssqltime],
  ['time24', alt(timetiny24, timeshort24, timelong24, iso8601long)],
  ['gnunocolon', gnunocolon],
  ['iso8601nocolon', iso8601nocolon],
  ['american', alt(americanshort, american)],
  ['iso8601date4', alt(iso8601date4, iso8601dateslash, dateslash)],
  ['iso8601date2', iso8601date2],
  ['iso8601datex', iso8601datex],
  ['gnudateshorter', gnudateshorter],
  ['gnudateshort', gnudateshort],
  ['datefull', datefull],
  ['pointeddate4', pointeddate4],
  ['pointeddate2', pointeddate2],
  ['datenoday', datenoday],
  ['datenodayrev', datenodayrev],
  ['datetextual', alt(datetextual, datenoyear)],
  ['datenoyearrev', datenoyearrev],
  ['datenocolon', datenocolon],
  ['xmlrpc', alt(xmlrpc, xmlrpcnocolon, soap, wddx, exif)],
  ['pgydotd', pgydotd],
  ['isoweekday', isoweekday],
  ['isoweek', isoweek],
  ['pgtextshort', pgtextshort],
  ['pgtextreverse', pgtextreverse],
  ['clf', clf],
  ['year4', year4],
  ['ago', word('ago')],
  ['daytext', daytext],
  ['relativetextweek', relativetextweek],
  ['relativetext', relativetext],
  ['monthtext', alt(monthfull, monthabbr)],
  ['tz', alt(tzcorrection, tz)],
  ['dateshortwithtime12', alt(dateshortwithtimeshort12, dateshortwithtimelong12)],
  ['dateshortwithtime24', alt(dateshortwithtimeshort, dateshortwithtimelong, dateshortwithtimelongtz)],
  ['relative', relative],
  ['skip', alt(cls('.,'), space)],
  ['nul', bytes(0, 10)],
  ['any', cls('\u0000-\u00ff')],
] as const satisfies readonly (readonly [string, Pattern])[];

export type RuleName = (typeof RULES)[number][0];

/** RULES with the slashed numeric dates read day first (dateOrder "dmy"); nothing else differs. */
export const RULES_DAY_FIRST: readonly (readonly [RuleName, Pattern])[] = RULES.map(
  ([name, pattern]) => [name, name === 'american' ? alt(dayfirstshort, dayfirst) : pattern] as const,
);
