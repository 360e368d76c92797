// DST gaps and overlaps in several zones. Expected epochs are PHP 8.2's strtotime() answers.
// Note: PHP's strtotime() adds "+24 hours" on the wall clock, exactly like "+1 day" (timelib adds
// every relative unit to the local fields before mapping to UTC), so across a DST change both
// land on the same wall time; "+1 day" keeping the wall clock is the part that matters here.
import { describe, expect, it } from 'vitest';
import { formatLocal, parseLocalWallTime, resolve } from '../../src-main/dates/index.ts';

const CASES: [string, string, [string, string, number][]][] = [
  [
    'Europe/London',
    '2026-03-28 22:30:00',
    [
      ['+1 day', '2026-03-29 22:30:00', 1774819800],
      ['+24 hours', '2026-03-29 22:30:00', 1774819800],
      ['+1440 minutes', '2026-03-29 22:30:00', 1774819800],
      ['2026-03-29 01:30', '2026-03-29 02:30:00', 1774747800],
      ['2026-03-29 00:30 +1 hour', '2026-03-29 02:30:00', 1774747800],
      ['tomorrow 01:30', '2026-03-29 02:30:00', 1774747800],
      ['2026-10-25 01:30', '2026-10-25 01:30:00', 1792891800],
      ['2026-10-24 22:30 +1 day', '2026-10-25 22:30:00', 1792967400],
      ['2026-10-24 22:30 +24 hours', '2026-10-25 22:30:00', 1792967400],
    ],
  ],
  [
    'America/New_York',
    '2024-03-09 12:00:00',
    [
      ['+1 day', '2024-03-10 12:00:00', 1710086400],
      ['+24 hours', '2024-03-10 12:00:00', 1710086400],
      ['2024-03-10 02:30', '2024-03-10 03:30:00', 1710055800],
      ['2024-03-10 01:30 +1 hour', '2024-03-10 03:30:00', 1710055800],
      ['2024-11-03 01:30', '2024-11-03 01:30:00', 1730611800],
      ['2024-11-02 12:00 +1 day', '2024-11-03 12:00:00', 1730653200],
      ['2024-11-02 12:00 +24 hours', '2024-11-03 12:00:00', 1730653200],
      ['2024-11-03 01:30 EDT', '2024-11-03 01:30:00', 1730611800],
      ['2024-11-03 01:30 EST', '2024-11-03 01:30:00', 1730615400],
    ],
  ],
  [
    'Australia/Sydney',
    '2026-04-04 12:00:00',
    [
      ['+1 day', '2026-04-05 12:00:00', 1775354400],
      ['+24 hours', '2026-04-05 12:00:00', 1775354400],
      ['2026-04-05 02:30', '2026-04-05 02:30:00', 1775320200],
      ['2026-10-04 02:30', '2026-10-04 03:30:00', 1791045000],
      ['2026-10-03 12:00 +1 day', '2026-10-04 12:00:00', 1791075600],
      ['tomorrow 02:30', '2026-04-05 02:30:00', 1775320200],
    ],
  ],
  [
    'Pacific/Chatham',
    '2026-04-04 12:00:00',
    [
      ['+1 day', '2026-04-05 12:00:00', 1775344500],
      ['+24 hours', '2026-04-05 12:00:00', 1775344500],
      ['2026-04-05 03:00', '2026-04-05 03:00:00', 1775312100],
      ['2026-04-05 03:50', '2026-04-05 03:50:00', 1775315100],
      ['2026-09-27 02:50', '2026-09-27 03:50:00', 1790431500],
    ],
  ],
  [
    'Asia/Kolkata',
    '2026-01-17 10:35:00',
    [
      ['+1 day', '2026-01-18 10:35:00', 1768712700],
      ['+24 hours', '2026-01-18 10:35:00', 1768712700],
      ['tomorrow', '2026-01-18 00:00:00', 1768674600],
      ['2026-03-29 01:30', '2026-03-29 01:30:00', 1774728000],
      ['next monday 9am', '2026-01-19 09:00:00', 1768793400],
    ],
  ],
];

describe('DST gaps and overlaps', () => {
  for (const [zone, now, cases] of CASES) {
    describe(`${zone}, now ${now}`, () => {
      const nowMs = parseLocalWallTime(now, zone) ?? Number.NaN;
      it.each(cases)('%s -> %s', (input, wall, epoch) => {
        const r = resolve(input, { now: nowMs, timeZone: zone });
        expect(r.stage).toBe('strtotime');
        expect(r.epochSeconds).toBe(epoch);
        expect(formatLocal(r.epochSeconds, zone)).toBe(wall);
      });
    });
  }

  it('"+1 day" keeps the wall clock across a spring gap while elapsed time is 23 hours', () => {
    const now = parseLocalWallTime('2026-03-28T22:30:00', 'Europe/London') ?? Number.NaN;
    const r = resolve('+1 day', { now, timeZone: 'Europe/London' });
    expect(formatLocal(r.epochSeconds, 'Europe/London')).toBe('2026-03-29 22:30:00');
    expect(r.epochSeconds - now / 1000).toBe(23 * 3600);
  });

  it('"+1 day" keeps the wall clock across an autumn overlap while elapsed time is 25 hours', () => {
    const now = parseLocalWallTime('2024-11-02T12:00:00', 'America/New_York') ?? Number.NaN;
    const r = resolve('+1 day', { now, timeZone: 'America/New_York' });
    expect(r.epochSeconds - now / 1000).toBe(25 * 3600);
  });

  it('formats wall time on both sides of a transition', () => {
    // 2026-03-29 01:00 UTC is when London moves to BST.
    expect(formatLocal(1774745999, 'Europe/London')).toBe('2026-03-29 00:59:59');
    expect(formatLocal(1774746000, 'Europe/London')).toBe('2026-03-29 02:00:00');
    expect(formatLocal(1774746000, 'UTC')).toBe('2026-03-29 01:00:00');
  });

  it('reads a local wall time in a gap forward and in an overlap as PHP does', () => {
    expect(parseLocalWallTime('2026-03-29T01:30:00', 'Europe/London')).toBe(1774747800 * 1000);
    expect(parseLocalWallTime('2024-11-03 01:30:00', 'America/New_York')).toBe(1730611800 * 1000);
    expect(parseLocalWallTime('2024-02-30T00:00:00', 'America/New_York')).toBeUndefined();
    expect(parseLocalWallTime('yesterday', 'UTC')).toBeUndefined();
  });
});
