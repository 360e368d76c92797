// Carrying out-of-range fields into the next larger unit (timelib_do_normalize): 25:00 is the next
// day at 01:00, 2021-02-31 is 3 March, month 13 is January of the next year.
import { civilFromDays, daysFromCivil, daysInMonth } from '../civil.ts';
import type { Fields } from '../parse/state.ts';

const ymd = [0, 0, 0];

function carry(value: number, size: number): number {
  return Math.floor(value / size);
}

export function normalize(t: Fields): void {
  // Fast path: everything already in range (the common case after parsing a plain date).
  if (
    t.us >= 0 &&
    t.us < 1000000 &&
    t.s >= 0 &&
    t.s < 60 &&
    t.i >= 0 &&
    t.i < 60 &&
    t.h >= 0 &&
    t.h < 24 &&
    t.m >= 1 &&
    t.m <= 12 &&
    t.d >= 1 &&
    (t.d <= 28 || t.d <= daysInMonth(t.y, t.m))
  )
    return;
  let c = carry(t.us, 1000000);
  t.us -= c * 1000000;
  t.s += c;
  c = carry(t.s, 60);
  t.s -= c * 60;
  t.i += c;
  c = carry(t.i, 60);
  t.i -= c * 60;
  t.h += c;
  c = carry(t.h, 24);
  t.h -= c * 24;
  t.d += c;
  c = carry(t.m - 1, 12);
  t.m -= c * 12;
  t.y += c;
  if (t.d < 1 || t.d > 28) {
    civilFromDays(daysFromCivil(t.y, t.m, 1) + t.d - 1, ymd);
    t.y = ymd[0] as number;
    t.m = ymd[1] as number;
    t.d = ymd[2] as number;
  }
}
