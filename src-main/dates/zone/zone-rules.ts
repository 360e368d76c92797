// UTC offsets of an IANA zone without per-call Intl: each ~388-day span of time that is asked
// about often is sampled once through Intl (every 7 days, then bisected to the second at each
// change) and cached; lookups are then a Map hit and a short scan. A span asked about only a few
// times (a date centuries away) is answered by Intl directly instead, and the answer remembered:
// sampling the span would cost about seventy Intl calls. Intl is the source of truth for the
// rules themselves: ICU's, which the process's own clock (Date) also reads. A process that reads
// every date in one zone and starts often (the CLI) may run its clock in that zone
// (useProcessClockFor): that zone's offsets then come from Date, which needs none of the
// formatter Intl sets up on first use (about 25 ms) and whose spans are sampled and cached the same way.
// Such a process reads the other zones a text may name (`10:00 Europe/Paris`) from its clock too,
// run in that zone for the moment of each sampling (TZ put back at once): switching costs a few
// microseconds, and a spanned zone is sampled once.

import { daysFromCivil } from '../civil.ts';

const SPAN = 2 ** 25; // seconds per cached span (~388 days)
/**
 * Sampling step. An offset that changes and changes back within one step would be missed. Gaza's
 * projected Ramadan rules make daylight-saving periods of about a week (October 2040: 7 days), so
 * the step may not be longer; test/dates/zone-rules.test.ts checks against Intl.
 */
const STEP = 7 * 86400;
/** Distinct instants asked for in a span before it is sampled and cached. */
const DIRECT_LOOKUPS = 16;
/** Bound on the remembered direct answers (cleared when full). */
const DIRECT_MAX = 50000;
const MAX_SECONDS = 8.64e12; // the range of a JavaScript Date
const CYCLE = 146097 * 86400; // seconds in 400 Gregorian years

interface Span {
  /** Offset in force at the span's start. */
  first: number;
  /** Instants (UTC seconds) at which the offset changes inside the span, ascending. */
  times: number[];
  /** Offset from each of those instants on. */
  offsets: number[];
  /** The smallest offset seen in the span: taken as standard time, larger ones as DST. */
  standard: number;
}

/** The zone the process clock was set to by useProcessClockFor, if any. */
let processClockZone: string | undefined;

/**
 * UTC offset (seconds east) at `ms` (whole seconds) from the process clock: its local fields read
 * back as UTC. (getTimezoneOffset would round local mean time, London's -0:01:15, to minutes.)
 */
function processClockOffset(ms: number): number {
  const d = new Date(ms);
  const days = daysFromCivil(d.getFullYear(), d.getMonth() + 1, d.getDate());
  return days * 86400 + d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds() - Math.floor(ms / 1000);
}

/** The zone withClockIn runs the process clock in while it runs `read` (undefined outside). */
let runningIn: string | undefined;

/**
 * Runs `read` with the process clock in `timeZone`, then puts TZ back. Only in a process whose
 * clock is set by useProcessClockFor (a one-shot command or `serve`: no other thread reads the clock).
 * Inside a run in the same zone (a span's samples, each a reading), it only calls `read`: reading
 * process.env.TZ is a call into C++ each time.
 */
function withClockIn<T>(timeZone: string, read: () => T): T {
  if (runningIn === timeZone) return read();
  const before = process.env.TZ;
  if (before === timeZone) return read();
  const outer = runningIn;
  process.env.TZ = timeZone;
  runningIn = timeZone;
  try {
    return read();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
    runningIn = outer;
  }
}

export class ZoneRules {
  readonly name: string;
  /**
   * Where offsets come from: Intl's formatter; or the process clock (undefined), run in this
   * zone (`borrowed`: for the moment of each reading) or already in it.
   */
  private readonly dtf: Intl.DateTimeFormat | undefined;
  private readonly borrowed: boolean;
  private readonly spans = new Map<number, Span>();
  /** Direct lookups made so far in spans not yet sampled, and their answers by instant. */
  private readonly lookups = new Map<number, number>();
  private readonly direct = new Map<number, number>();

  constructor(name: string) {
    this.name = name;
    this.borrowed =
      processClockZone !== undefined && name !== processClockZone && (clockKnowsZone(name) || isCanonicalZone(name));
    // "longOffset" prints the offset itself ("GMT+05:45", "GMT-04:56:02" for LMT): one format()
    // call per sample, several times cheaper than formatToParts. It throws for an unknown zone.
    this.dtf =
      name === processClockZone || this.borrowed
        ? undefined
        : new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'longOffset' });
  }

  /** The offset at `sec` from the source itself (Intl or the process clock), uncached. */
  private rawOffset(sec: number): number {
    if (!Number.isFinite(sec)) return 0;
    // Beyond a Date's range, repeat the Gregorian 400-year cycle: far-future rules are the
    // zone's recurring (POSIX-style) rule anyway, which is what PHP applies there too.
    let clamped = sec;
    if (clamped > MAX_SECONDS) clamped -= Math.ceil((clamped - MAX_SECONDS) / CYCLE) * CYCLE;
    if (clamped < -MAX_SECONDS) clamped = -MAX_SECONDS;
    if (this.borrowed) return withClockIn(this.name, () => processClockOffset(clamped * 1000));
    if (this.dtf === undefined) return processClockOffset(clamped * 1000);
    const text = this.dtf.format(clamped * 1000);
    const at = text.lastIndexOf('GMT') + 3;
    if (at >= text.length) return 0;
    const sign = text.charCodeAt(at) === 45 || text.charCodeAt(at) === 0x2212 ? -1 : 1;
    const h = Number(text.slice(at + 1, at + 3));
    const m = Number(text.slice(at + 4, at + 6) || '0');
    const s = Number(text.slice(at + 7, at + 9) || '0');
    return sign * (h * 3600 + m * 60 + s);
  }

  private lastIndex = Number.NaN;
  private lastSpan: Span | undefined;

  private span(index: number): Span {
    if (index === this.lastIndex && this.lastSpan !== undefined) return this.lastSpan;
    // A borrowed clock is run in the zone once for all of a span's samples.
    const cached =
      this.spans.get(index) ??
      (this.borrowed ? withClockIn(this.name, () => this.computeSpan(index)) : this.computeSpan(index));
    this.lastIndex = index;
    this.lastSpan = cached;
    return cached;
  }

  private computeSpan(index: number): Span {
    const start = index * SPAN;
    const end = start + SPAN;
    const first = this.rawOffset(start);
    // Where floating point can no longer step through a span (|t| >= 2^52 s, some hundred
    // million years out), use one offset for the whole span, without transitions.
    if (!(Math.abs(start) < 2 ** 52)) {
      const edge = { first, times: [], offsets: [], standard: first };
      if (this.spans.size < 20000) this.spans.set(index, edge);
      return edge;
    }
    const times: number[] = [];
    const offsets: number[] = [];
    let standard = first;
    let prevT = start;
    let prevOff = first;
    for (let t = start + STEP; prevT < end; t += STEP) {
      const at = Math.min(t, end);
      const off = this.rawOffset(at);
      if (off !== prevOff) {
        const hi = this.changeBetween(prevT, at, prevOff);
        if (hi < end) {
          times.push(hi);
          offsets.push(off);
        }
        standard = Math.min(standard, off);
      }
      prevT = at;
      prevOff = off;
    }
    const span = { first, times, offsets, standard };
    // Bounded: texts can name any year; beyond a few thousand spans, start over.
    if (this.spans.size >= 20000) this.spans.clear();
    this.spans.set(index, span);
    return span;
  }

  /**
   * The first second of a new offset in (lo, hi], where `lo` has `loOff`. Zones change on the
   * hour, or on the minute, almost always: bisect by hours, then minutes, then seconds, checking
   * at each level whether the change falls exactly on the boundary found.
   */
  private changeBetween(lo: number, hi: number, loOff: number): number {
    for (const unit of [3600, 60, 1]) {
      // Shrink (lo, hi] to one unit-aligned step, then test whether the change is at its start.
      let a = Math.floor(lo / unit),
        b = Math.ceil(hi / unit);
      while (b - a > 1) {
        const mid = Math.floor((a + b) / 2);
        if (this.rawOffset(mid * unit) === loOff) a = mid;
        else b = mid;
      }
      const boundary = b * unit;
      if (unit === 1 || this.rawOffset(boundary - 1) === loOff) return Math.min(Math.max(boundary, lo + 1), hi);
      lo = Math.max(lo, a * unit);
      hi = Math.min(hi, boundary);
    }
    return hi;
  }

  /** UTC offset (seconds east) in force at `sec`. */
  offsetAt(sec: number): number {
    // The process clock in its own zone too: a Date per answer (made, and its local fields
    // computed) costs about as much as the rest of a line of `resolve --jsonl`, where a span
    // sampled once answers by a scan of its few changes. A one-phrase run asks a few instants and
    // is answered directly, sampling nothing.
    const index = Math.floor(sec / SPAN);
    if (index !== this.lastIndex && Number.isFinite(sec) && !this.spans.has(index)) {
      const known = this.direct.get(sec);
      if (known !== undefined) return known;
      const n = (this.lookups.get(index) ?? 0) + 1;
      if (n <= DIRECT_LOOKUPS) {
        if (this.lookups.size >= 20000) this.lookups.clear();
        this.lookups.set(index, n);
        const off = this.rawOffset(sec);
        if (this.direct.size >= DIRECT_MAX) this.direct.clear();
        this.direct.set(sec, off);
        return off;
      }
      this.lookups.delete(index);
    }
    return this.cachedOffset(this.span(index), sec);
  }

  private cachedOffset(sp: Span, sec: number): number {
    let off = sp.first;
    const times = sp.times;
    for (let i = 0; i < times.length && (times[i] as number) <= sec; i++) off = sp.offsets[i] as number;
    return off;
  }

  /** Whether the offset at `sec` is daylight saving time (larger than the span's smallest). */
  isDstAt(sec: number): boolean {
    const sp = this.span(Math.floor(sec / SPAN));
    return this.cachedOffset(sp, sec) > sp.standard;
  }

  /** Instant of the last offset change at or before `sec`; -Infinity when none is known. */
  transitionAt(sec: number): number {
    let index = Math.floor(sec / SPAN);
    const sp = this.span(index);
    for (let i = sp.times.length - 1; i >= 0; i--) if ((sp.times[i] as number) <= sec) return sp.times[i] as number;
    // Look back a bounded number of spans (about two centuries); zones without changes stop there.
    for (let k = 0; k < 200; k++) {
      index--;
      const prev = this.span(index);
      if (prev.times.length > 0) return prev.times[prev.times.length - 1] as number;
      if (index * SPAN < -MAX_SECONDS) break;
    }
    return -Infinity;
  }
}

const cache = new Map<string, ZoneRules | null>();

let canonicalZones: ReadonlySet<string> | undefined;

/**
 * Whether `timeZone` is one of Intl's canonical zone names, answered from Intl's list (about 4 ms
 * on first use: the CLI asks clockKnowsZone first) rather than by building a formatter (about
 * 30 ms: the first one loads ICU's zone data). "UTC" is canonical to Intl although its list leaves it out.
 */
export function isCanonicalZone(timeZone: string): boolean {
  canonicalZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return canonicalZones.has(timeZone);
}

/**
 * A zone name of letters only ("Europe/London", "EST", "GB"). ICU takes a TZ with digits for a
 * POSIX rule, and one it cannot read at all for the machine's own zone, so only names of this
 * shape are probed below.
 */
const PROBED_NAME = /^[A-Za-z_-]+(?:\/[A-Za-z_-]+)*$/;
/** The tz database's names of UTC itself, at zero at every instant (so no probe can tell them). */
const UTC_NAMES = /^(?:Etc\/)?(?:UTC|UCT|Universal|Zulu|Greenwich|GMT(?:[+-]?0)?)$/;
/**
 * Instants at which every zone ICU knows but UTC's own names and Antarctica/Troll is off UTC at
 * least once: local mean time in 1800 (or, for places settled later, standard or summer time in
 * 2000). A name ICU does not know runs the clock in UTC, so it is at zero at all three.
 */
const PROBES = [Date.UTC(1800, 0, 1), Date.UTC(2000, 0, 1), Date.UTC(2000, 6, 1)];

/**
 * Whether ICU knows `timeZone`, asked of the process clock run in it for a moment (TZ is put
 * back): a fraction of a millisecond, where Intl's list costs about 4 ms and a formatter 25 ms,
 * and a one-shot command asks once per zone. False says only "not shown this way" (a name of
 * another shape, Antarctica/Troll): the caller then asks Intl.
 */
export function clockKnowsZone(timeZone: string): boolean {
  if (UTC_NAMES.test(timeZone)) return true;
  if (!PROBED_NAME.test(timeZone)) return false;
  return withClockIn(timeZone, () => PROBES.some((ms) => processClockOffset(ms) !== 0));
}

/**
 * Runs this process's own clock (process.env.TZ) in `timeZone`, so that the zone's offsets come
 * from Date instead of Intl's formatter: the same ICU rules, without the formatter's set-up (and
 * the ICU data it keeps touched). Only for a process whose main thread alone reads the local
 * clock (the CLI's one-shot commands, and `serve`: its import worker reads dates through Intl,
 * which a zone named in full does not take from TZ), since it changes what local time means to
 * everything in the process. Only for a zone ICU knows (an unknown TZ would silently be UTC):
 * false, changing nothing, for any other.
 */
export function useProcessClockFor(timeZone: string): boolean {
  if (!clockKnowsZone(timeZone) && !isCanonicalZone(timeZone)) return false;
  // Rules made for the zone the clock ran in before would now read the wrong clock.
  if (processClockZone !== undefined) cache.delete(processClockZone);
  process.env.TZ = timeZone;
  processClockZone = timeZone;
  cache.delete(timeZone);
  return true;
}

/** Rules for a zone name; undefined when Intl does not know the zone. */
export function zoneRules(name: string): ZoneRules | undefined {
  const known = cache.get(name);
  if (known !== undefined) return known ?? undefined;
  let z: ZoneRules | null;
  try {
    z = new ZoneRules(name);
  } catch {
    z = null;
  }
  // Bounded: names come from callers and from text; unknown ones are remembered as null.
  if (cache.size > 2000) cache.clear();
  cache.set(name, z);
  return z ?? undefined;
}
