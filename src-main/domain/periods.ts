// Calendar periods (day, week from Monday, month, year) of an IANA zone, as instants. A London
// March is 743 hours and a DST Sunday 23 or 25: pro-rata accrual divides by these real lengths.
import { Temporal } from 'temporal-polyfill';
import type { Period } from '../store/index.ts';

export interface CalendarPeriod {
  /** Sequence number: consecutive periods differ by one. */
  index: number;
  start: number;
  end: number;
}

const cache = new Map<string, Map<number, CalendarPeriod[]>>();
const CACHE_LIMIT = 50_000;
let cached = 0;

function startOf(date: Temporal.PlainDate, timeZone: string): number {
  return Math.floor(date.toZonedDateTime({ timeZone }).epochMilliseconds / 1000);
}

function compute(kind: Period, t: number, timeZone: string): CalendarPeriod {
  const local = Temporal.Instant.fromEpochMilliseconds(t * 1000).toZonedDateTimeISO(timeZone).toPlainDate();
  let first: Temporal.PlainDate;
  let next: Temporal.PlainDate;
  let index: number;
  switch (kind) {
    case 'day':
      first = local;
      next = local.add({ days: 1 });
      index = local.since(EPOCH_DATE).days;
      break;
    case 'week':
      first = local.subtract({ days: local.dayOfWeek - 1 });
      next = first.add({ days: 7 });
      index = Math.floor(first.since(EPOCH_MONDAY).days / 7);
      break;
    case 'month':
      first = local.with({ day: 1 });
      next = first.add({ months: 1 });
      index = local.year * 12 + local.month - 1;
      break;
    case 'year':
      first = local.with({ month: 1, day: 1 });
      next = first.add({ years: 1 });
      index = local.year;
      break;
  }
  return { index, start: startOf(first, timeZone), end: startOf(next, timeZone) };
}

const EPOCH_DATE = Temporal.PlainDate.from('1970-01-01');
const EPOCH_MONDAY = Temporal.PlainDate.from('1969-12-29');
const BUCKET = 86_400;

/** The calendar period of `kind` that contains instant `t` (epoch seconds) in `timeZone`. */
export function periodContaining(kind: Period, t: number, timeZone: string): CalendarPeriod {
  const key = `${timeZone}|${kind}`;
  let buckets = cache.get(key);
  if (!buckets) {
    buckets = new Map();
    cache.set(key, buckets);
  }
  const bucket = Math.floor(t / BUCKET);
  for (const p of buckets.get(bucket) ?? []) if (p.start <= t && t < p.end) return p;
  const p = compute(kind, t, timeZone);
  if (cached > CACHE_LIMIT) {
    cache.clear();
    cached = 0;
  }
  // Indexed under every UTC-day bucket it overlaps, so any instant inside finds it in one probe.
  for (let b = Math.floor(p.start / BUCKET); b <= Math.floor((p.end - 1) / BUCKET); b++) {
    let list = buckets.get(b);
    if (!list) {
      list = [];
      buckets.set(b, list);
    }
    list.push(p);
    cached += 1;
  }
  return p;
}
