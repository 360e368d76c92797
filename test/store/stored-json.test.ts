// @vitest-environment node
// The stored JSON columns, each read through its zod schema (src-main/store/stored-json.ts): what
// this version writes reads back as the type its reader wants; anything else is reported once and
// not used, never cast.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Settings } from '../../src-shared/app-api.ts';
import type { AccountReading, Episodes } from '../../src-main/monitor/types.ts';
import {
  readStored,
  STORED_EPISODES,
  STORED_READING,
  STORED_SETTINGS,
  type StoredEpisodes,
  type StoredReading,
  type StoredSettings,
} from '../../src-main/store/stored-json.ts';

const reading: AccountReading = {
  balance: '4983.8709677419',
  readAt: 1_795_000_000,
  warningEnabled: true,
  warningLevel: 2000,
  summary: ['monthly'],
  checkOutcome: null,
  lastAnsweredAt: null,
  staleAfterSeconds: 1800,
  forecastBelowLevelAt: 1_796_000_000,
  forecastZeroAt: null,
  forecastAt: 1_795_000_000,
  horizonDays: 7,
  problem: null,
};
const episodes: Episodes = {
  open: ['low', 'forecast_zero'],
  closedAt: { below_zero: 1_794_999_000 },
  threads: { balance: { since: 1_794_990_000, pushedAt: null } },
  urgentNight: '2026-11-21',
  nextSummary: { monthly: 1_796_000_000 },
};
const settings: Settings = { warningEnabled: true, warningLevel: null, summary: [], disk: [70, 90], bandwidth: [] };

function read<T>(column: Parameters<typeof readStored<T>>[0], text: string): { value: T | undefined; lines: string[] } {
  const lines: string[] = [];
  const value = readStored(column, text, `account ${Math.random()}`, (line) => lines.push(line));
  return { value, lines };
}

describe('stored JSON columns', () => {
  it('each schema is exactly the type its readers and writers use', () => {
    expectTypeOf<StoredReading>().toEqualTypeOf<AccountReading>();
    expectTypeOf<StoredEpisodes>().toEqualTypeOf<Episodes>();
    expectTypeOf<StoredSettings>().toEqualTypeOf<Settings>();
  });

  it('what this version writes reads back whole', () => {
    expect(read(STORED_READING, JSON.stringify(reading))).toEqual({ value: reading, lines: [] });
    const withFrom = { ...reading, forecastFrom: 1_795_000_100 };
    expect(read(STORED_READING, JSON.stringify(withFrom)).value).toEqual(withFrom);
    expect(read(STORED_EPISODES, JSON.stringify(episodes)).value).toEqual(episodes);
    expect(read(STORED_EPISODES, JSON.stringify({ ...episodes, surprisesThrough: 12 })).value).toMatchObject({
      surprisesThrough: 12,
    });
    expect(read(STORED_SETTINGS, JSON.stringify(settings)).value).toEqual(settings);
    // An earlier version's episodes (a `level` that re-armed "low", no threads) still read.
    expect(read(STORED_EPISODES, JSON.stringify({ open: ['low'], level: 2000, nextSummary: {} }))).toEqual({
      value: { open: ['low'], nextSummary: {} },
      lines: [],
    });
  });

  it.each([
    ['not JSON', STORED_READING, '{"balance":', /\(not JSON\)/],
    ['a field missing', STORED_READING, JSON.stringify({ ...reading, horizonDays: undefined }), /horizonDays/],
    ['a balance that is no amount', STORED_READING, JSON.stringify({ ...reading, balance: '1e3' }), /balance/],
    ['an unknown outcome', STORED_READING, JSON.stringify({ ...reading, checkOutcome: 'fine' }), /checkOutcome/],
    ['an unknown episode', STORED_EPISODES, JSON.stringify({ ...episodes, open: ['broke'] }), /open\.0/],
    ['a level in words', STORED_SETTINGS, JSON.stringify({ ...settings, warningLevel: 'lots' }), /warningLevel/],
    ['a disk level the spec lacks', STORED_SETTINGS, JSON.stringify({ ...settings, disk: [75] }), /disk\.0/],
    ['a reading where settings belong', STORED_SETTINGS, JSON.stringify(reading), /disk/],
  ] as const)('refuses %s, reported in one line', (_what, column, text, problem) => {
    const { value, lines } = read(column as typeof STORED_READING, text);
    expect(value).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^store: ${column.name.replace('.', '\\.')} of account [\\d.]+ is not used`));
    expect(lines[0]).toMatch(problem);
  });

  it("says what is wrong in zod's English words (zod/mini has none of its own)", () => {
    const { lines } = read(STORED_READING, JSON.stringify({ ...reading, balance: 5 }));
    expect(lines[0]).toContain('(balance: Invalid input: expected string, received number)');
  });

  it('reports a row once per process, however often it is read', () => {
    const lines: string[] = [];
    for (let i = 0; i < 3; i++) readStored(STORED_READING, '[]', 'account 7', (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    readStored(STORED_READING, '[]', 'account 8', (line) => lines.push(line));
    expect(lines).toHaveLength(2);
  });
});
