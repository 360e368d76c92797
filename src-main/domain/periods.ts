// Calendar periods (day, week from Monday, month, year) of an IANA zone, as instants. A London
// March is 743 hours and a DST Sunday 23 or 25: pro-rata accrual divides by these real lengths.
// Runs on plain-number calendar arithmetic and the resolver's cached zone offsets: every balance
// query cuts periods, so this is a hot path (Temporal here cost milliseconds per query).
import { civilFromDays, daysFromCivil } from '../dates/civil.ts';
import { zoneRules, type ZoneRules } from '../dates/zone/zone-rules.ts';
import type { ChargePeriod } from '../../src-shared/vocabulary.ts';

export interface CalendarPeriod {
  /** Sequence number: consecutive periods differ by one. */
  index: number;
  start: number;
  end: number;
}

const DAY = 86_400;

function rulesFor(timeZone: string): ZoneRules {
  const rules = zoneRules(timeZone);
  if (!rules) throw new RangeError(`unknown time zone ${timeZone}`);
  return rules;
}

/** The first instant of local day `days` (days since 1970-01-01): midnight, or the end of a DST gap. */
function startOfDay(zone: ZoneRules, days: number): number {
  const wall = days * DAY;
  const before = zone.offsetAt(wall - DAY);
  const after = zone.offsetAt(wall + DAY);
  // Where midnight happens twice (a fall-back at midnight) the day starts at the first one.
  const first = wall - Math.max(before, after);
  const second = wall - Math.min(before, after);
  if (zone.offsetAt(first) === Math.max(before, after)) return first;
  if (zone.offsetAt(second) === Math.min(before, after)) return second;
  // Midnight falls in a spring-forward gap: the day starts when the clocks jump.
  return zone.transitionAt(wall - before);
}

const civil = [0, 0, 0];

/** The calendar period of `kind` that contains instant `t` (epoch seconds) in `timeZone`. */
export function periodContaining(kind: ChargePeriod, t: number, timeZone: string): CalendarPeriod {
  const zone = rulesFor(timeZone);
  let days = Math.floor((t + zone.offsetAt(t)) / DAY);
  // Near a transition the wall date from the offset at t is right by definition, but the day's
  // start may still lie after t (a gap at midnight): step back a day then.
  if (startOfDay(zone, days) > t) days -= 1;
  civilFromDays(days, civil);
  const [y = 1970, m = 1] = civil;
  let first: number;
  let next: number;
  let index: number;
  switch (kind) {
    case 'day':
      first = days;
      next = days + 1;
      index = days;
      break;
    case 'week': {
      // 1970-01-01 was a Thursday: Monday-based weeks count from 1969-12-29 (day -3).
      index = Math.floor((days + 3) / 7);
      first = index * 7 - 3;
      next = first + 7;
      break;
    }
    case 'month':
      first = daysFromCivil(y, m, 1);
      next = m === 12 ? daysFromCivil(y + 1, 1, 1) : daysFromCivil(y, m + 1, 1);
      index = y * 12 + m - 1;
      break;
    case 'year':
      first = daysFromCivil(y, 1, 1);
      next = daysFromCivil(y + 1, 1, 1);
      index = y;
      break;
  }
  return { index, start: startOfDay(zone, first), end: startOfDay(zone, next) };
}
