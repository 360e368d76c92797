// Calendar periods against Temporal (the reference) in zones with DST, half-hour offsets and
// midnight transitions.
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { periodContaining } from '../../src-main/domain/periods.ts';
import type { ChargePeriod } from '../../src-shared/vocabulary.ts';

function reference(kind: ChargePeriod, t: number, timeZone: string): { start: number; end: number } {
  const d = Temporal.Instant.fromEpochMilliseconds(t * 1000)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate();
  const first =
    kind === 'day'
      ? d
      : kind === 'week'
        ? d.subtract({ days: d.dayOfWeek - 1 })
        : kind === 'month'
          ? d.with({ day: 1 })
          : d.with({ month: 1, day: 1 });
  const next = first.add(
    kind === 'day' ? { days: 1 } : kind === 'week' ? { days: 7 } : kind === 'month' ? { months: 1 } : { years: 1 },
  );
  const at = (p: Temporal.PlainDate): number => p.toZonedDateTime({ timeZone }).epochMilliseconds / 1000;
  return { start: at(first), end: at(next) };
}

const ZONES = [
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
  'Asia/Beirut',
  'Pacific/Apia',
  'UTC',
];

describe('periodContaining', () => {
  it('matches Temporal for random instants, and around every DST change, in many zones', () => {
    let seed = 11;
    const rnd = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const zone of ZONES) {
      const instants: number[] = [];
      for (let i = 0; i < 150; i++) instants.push(Math.floor(946_684_800 + rnd() * 1_100_000_000));
      // Every hour across two weeks around the spring and autumn changes of 2026 (either hemisphere).
      for (const base of [Date.UTC(2026, 2, 22), Date.UTC(2026, 9, 18), Date.UTC(2026, 3, 1), Date.UTC(2026, 8, 24)]) {
        for (let h = 0; h < 14 * 24; h += 1) instants.push(base / 1000 + h * 3600 + 59);
      }
      for (const t of instants) {
        for (const kind of ['day', 'week', 'month', 'year'] as const) {
          const got = periodContaining(kind, t, zone);
          const want = reference(kind, t, zone);
          expect({ start: got.start, end: got.end }, `${zone} ${kind} ${t}`).toEqual(want);
          expect(got.start <= t && t < got.end).toBe(true);
        }
      }
    }
  });

  it('numbers consecutive periods consecutively', () => {
    for (const kind of ['day', 'week', 'month', 'year'] as const) {
      const a = periodContaining(kind, 1_790_000_000, 'Europe/London');
      const b = periodContaining(kind, a.end, 'Europe/London');
      expect(b.index).toBe(a.index + 1);
      expect(b.start).toBe(a.end);
    }
  });
});
