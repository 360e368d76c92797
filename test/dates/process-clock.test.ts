// The CLI runs the process clock in its zone (useProcessClockFor) so that offsets come from Date
// instead of Intl's formatter. Both read ICU's rules; this checks that they agree to the second
// (LMT included, where Date's own getTimezoneOffset would round to minutes), across DST changes,
// far past and far future, and that every golden answer is still PHP's. In a file of its own:
// it changes process.env.TZ, which is put back afterwards.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { formatLocal, isValidTimeZone, parseLocalWallTime, resolve } from '../../src-main/dates/index.ts';
import { isListedDeviation } from '../../src-main/dates/deviations.ts';
import { clockKnowsZone, useProcessClockFor, zoneRules } from '../../src-main/dates/zone/zone-rules.ts';
import { mulberry32 } from '../helpers/prng.ts';

const savedTz = process.env.TZ;
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

function intlOffset(zone: string): (sec: number) => number {
  const dtf = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  return (sec) => {
    const m = /GMT(?:([+-−])(\d\d):(\d\d)(?::(\d\d))?)?/.exec(dtf.format(sec * 1000));
    if (m?.[1] === undefined) return 0;
    const v = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0);
    return m[1] === '+' ? v : -v;
  };
}

const ZONES = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Calcutta', 'Africa/Casablanca'];
const Y1800 = -5364662400,
  Y2200 = 7258118400;

describe("the process clock as the source of a zone's offsets", () => {
  for (const name of ZONES) {
    it(`gives Intl's offsets in ${name}, to the second`, () => {
      expect(useProcessClockFor(name)).toBe(true);
      expect(process.env.TZ).toBe(name);
      const rules = zoneRules(name);
      if (rules === undefined) throw new Error(name);
      const truth = intlOffset(name);
      const rand = mulberry32(name.length * 104729);
      for (let i = 0; i < 3000; i++) {
        const t = Math.floor(Y1800 + rand() * (Y2200 - Y1800));
        expect(rules.offsetAt(t), `${name} at ${t}`).toBe(truth(t));
        const change = rules.transitionAt(t);
        if (change > Y1800) expect(rules.offsetAt(change - 1)).toBe(truth(change - 1));
      }
      // Local mean time: London was 75 seconds behind, New York 4:56:02.
      if (name === 'Europe/London') expect(rules.offsetAt(Y1800)).toBe(-75);
      if (name === 'America/New_York') expect(rules.offsetAt(Y1800)).toBe(-17762);
      // Far beyond a Date's range, the same 400-year repetition as the Intl source.
      expect(rules.offsetAt(2e13)).toBe(truth(2e13 - Math.ceil((2e13 - 8.64e12) / (146097 * 86400)) * 146097 * 86400));
    });
  }

  it("reads another zone a text names from the clock run in it for a moment: Intl's offsets, TZ put back", () => {
    expect(useProcessClockFor('Europe/London')).toBe(true);
    for (const other of ['America/Sao_Paulo', 'Asia/Kathmandu', 'Pacific/Chatham']) {
      const rules = zoneRules(other);
      if (rules === undefined) throw new Error(other);
      const truth = intlOffset(other);
      const rand = mulberry32(other.length * 7919);
      for (let i = 0; i < 2000; i++) {
        const t = Math.floor(Y1800 + rand() * (Y2200 - Y1800));
        expect(rules.offsetAt(t), `${other} at ${t}`).toBe(truth(t));
      }
      expect(process.env.TZ).toBe('Europe/London');
    }
    const london = zoneRules('Europe/London');
    expect(london?.offsetAt(Y1800)).toBe(-75);
    expect(zoneRules('Nowhere/Atlantis')).toBeUndefined();
  });

  it('refuses a name ICU does not know, changing nothing', () => {
    const before = process.env.TZ;
    expect(useProcessClockFor('Nowhere/Atlantis')).toBe(false);
    expect(useProcessClockFor('')).toBe(false);
    expect(process.env.TZ).toBe(before);
    expect(isValidTimeZone('Nowhere/Atlantis')).toBe(false);
  });

  it('takes an alias ICU knows (Asia/Kolkata for Asia/Calcutta), with the offsets Intl gives it', () => {
    expect(useProcessClockFor('Asia/Kolkata')).toBe(true);
    const rules = zoneRules('Asia/Kolkata');
    const truth = intlOffset('Asia/Kolkata');
    for (const t of [Y1800, 0, 1e9, 2e9]) expect(rules?.offsetAt(t)).toBe(truth(t));
  });

  it('knows every zone of Intl named in letters from the clock alone but Antarctica/Troll, and no unknown name', () => {
    const before = process.env.TZ;
    const unknown = Intl.supportedValuesOf('timeZone').filter(
      (z) => /^[A-Za-z_-]+(?:\/[A-Za-z_-]+)*$/.test(z) && !clockKnowsZone(z),
    );
    expect(unknown).toEqual(['Antarctica/Troll']);
    // Aliases and the old short names (what texts name), and UTC's own names, known to Intl too.
    for (const name of ['EST', 'CET', 'GB', 'NZ', 'WET', 'GMT', 'UTC', 'Etc/UTC', 'Zulu', 'Greenwich', 'GMT-0']) {
      expect(clockKnowsZone(name), name).toBe(true);
      expect(isValidTimeZone(name), name).toBe(true);
    }
    for (const name of ['Nowhere/Atlantis', 'Europe/Londres', 'europe/london', 'Foo', 'XYZ', 'EST5EDT', 'Etc/GMT+5'])
      expect(clockKnowsZone(name), name).toBe(false);
    expect(process.env.TZ).toBe(before);
    // Troll is still taken, through Intl's list.
    expect(useProcessClockFor('Antarctica/Troll')).toBe(true);
  });

  it('answers every golden as PHP does in each configuration', () => {
    const root = new URL('../../', import.meta.url);
    const configs = JSON.parse(readFileSync(new URL('scripts/goldens/configs.json', root), 'utf8')) as {
      zone: string;
      now: string;
    }[];
    const rows = readFileSync(new URL('test/dates/goldens/php.jsonl', root), 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as [string, ...(string | null)[]]);
    let checked = 0;
    configs.forEach((config, k) => {
      expect(useProcessClockFor(config.zone)).toBe(true);
      const now = parseLocalWallTime(config.now, config.zone) ?? Number.NaN;
      for (let i = k; i < rows.length; i += 3) {
        const row = rows[i];
        const expected = row?.[k + 1];
        if (row === undefined || expected === undefined || expected === null || isListedDeviation(row[0], expected))
          continue;
        expect(formatLocal(resolve(row[0], { now, timeZone: config.zone }).epochSeconds, config.zone), row[0]).toBe(
          expected,
        );
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(15000);
  });
});
