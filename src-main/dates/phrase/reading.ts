// Stage 2: what PHP rejects, read under the policy in ../README.md or not at all. The phrase
// grammar reads the text, the written date is checked against today (rules 4 to 6, 10), and the
// meaning, in PHP's own terms, is computed by stage 1's arithmetic, so both stages share every
// rule they have in common.
import { civilFromDays, dayOfWeek, daysInMonth } from '../civil.ts';
import { strtotime } from '../strtotime.ts';
import type { DateOrder } from '../types.ts';
import type { ZoneRules } from '../zone/zone-rules.ts';
import { readPhrase } from './grammar.ts';
import { isKnownWord } from './lexicon.ts';
import type { Meaning, WrittenDate } from './meaning.ts';
import { tokenize } from './tokens.ts';

const p2 = (n: number): string => String(n).padStart(2, '0');

/** Today in the zone: [year, month, day, weekday]. */
function today(nowSeconds: number, zone: ZoneRules): [number, number, number, number] {
  const ymd = [0, 0, 0];
  civilFromDays(Math.floor((nowSeconds + zone.offsetAt(nowSeconds)) / 86400), ymd);
  const [y = 0, m = 0, d = 0] = ymd;
  return [y, m, d, dayOfWeek(y, m, d)];
}

/** The written date as YYYY-MM-DD, or undefined when it does not exist or its weekday disagrees. */
function dateTerms(date: WrittenDate, y0: number, m0: number): string | undefined {
  let y = date.year ?? y0 + date.yearShift;
  let m = date.month;
  if (m === undefined) {
    const months = y0 * 12 + (m0 - 1) + date.monthShift;
    y = Math.floor(months / 12);
    m = (months % 12) + 1;
  }
  if (y < 1000 || y > 9999 || m < 1 || m > 12) return undefined;
  const d = date.lastOfMonth ? daysInMonth(y, m) : date.day;
  if (d < 1 || d > daysInMonth(y, m)) return undefined;
  if (date.weekday !== undefined && dayOfWeek(y, m, d) !== date.weekday) return undefined;
  return `${y}-${p2(m)}-${p2(d)}`;
}

/** The meaning as one PHP text ("2026-05-03 -1 week 17:00:00"), or undefined when the policy finds it impossible. */
export function phpTerms(meaning: Meaning, nowSeconds: number, zone: ZoneRules): string | undefined {
  const [y, m, , weekday] = today(nowSeconds, zone);
  if (meaning.notToday === weekday) return undefined;
  const date = meaning.date === undefined ? '' : dateTerms(meaning.date, y, m);
  if (date === undefined) return undefined;
  return [date, meaning.terms, meaning.time ?? ''].filter((s) => s !== '').join(' ');
}

function read(text: string, order: DateOrder): Meaning | undefined {
  const tokens = tokenize(text.toLowerCase());
  if (tokens === undefined || tokens.some((t) => t.kind === 'word' && !isKnownWord(t.text))) return undefined;
  return readPhrase(tokens, order);
}

/**
 * A text's reading (null: the policy does not read it) and its last answer, for the "now" and
 * zone it was computed in (callers resolve many texts per now).
 */
interface Reading {
  readonly meaning: Meaning | null;
  now: number;
  zone: ZoneRules | undefined;
  seconds: number | undefined;
}

/**
 * What a text means does not depend on "now" or the zone (those only fill it in), so readings
 * are remembered: the same phrases come back (a script's "+1 week", an import's dates). Bounded;
 * cleared when full.
 */
const readings: Readonly<Record<DateOrder, Map<string, Reading>>> = { mdy: new Map(), dmy: new Map() };
const READINGS_MAX = 20000;

/** Forgets every reading: the benchmark measures the cost of reading a text the first time. */
export function forgetReadings(): void {
  readings.mdy.clear();
  readings.dmy.clear();
}

/**
 * `text` in a string of its own. V8 makes a cut of a longer string (a line of `resolve --jsonl`'s
 * 64 KB input chunk) a view that keeps the whole string alive: remembered as it is, each text
 * would hold its chunk for as long as it is remembered. Read from the copy too, as the reading
 * may keep cuts of it.
 */
function ownCopy(text: string): string {
  // Joining makes a new flat string of its characters (exactly them, lone surrogates included);
  // the cut of it is then a view of that small string only.
  return ` ${text}`.slice(1);
}

/** Epoch seconds for text PHP rejected, or undefined: not understood. */
export function phraseStage(text: string, nowSeconds: number, zone: ZoneRules, order: DateOrder): number | undefined {
  const known = readings[order];
  let reading = known.get(text);
  if (reading === undefined) {
    const own = ownCopy(text);
    reading = { meaning: read(own, order) ?? null, now: Number.NaN, zone: undefined, seconds: undefined };
    if (known.size >= READINGS_MAX) known.clear();
    known.set(own, reading);
  }
  const meaning = reading.meaning;
  if (meaning === null) return undefined;
  if (reading.now === nowSeconds && reading.zone === zone) return reading.seconds;
  const terms = phpTerms(meaning, nowSeconds, zone);
  // No terms at all: an elapsed time from now ("in 2 hours").
  const base = terms === undefined ? undefined : terms === '' ? nowSeconds : strtotime(terms, nowSeconds, zone);
  const seconds = base === undefined ? undefined : base + (meaning.elapsed ?? 0);
  reading.now = nowSeconds;
  reading.zone = zone;
  reading.seconds = seconds;
  return seconds;
}
