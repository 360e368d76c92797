// The cached zone offsets against Intl itself, the source of truth: random instants from 1900 to
// 2100 and the seconds around every change the cache found, in zones with DST in either
// hemisphere, half-hour offsets, Ramadan breaks and odd histories. Each instant is asked about
// with 49 neighbours in the same span, so that the answers come from the sampled span (a span
// asked about only a few times is answered by Intl directly).
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../helpers/prng.ts';
import { isCanonicalZone, ZoneRules } from '../../src-main/dates/zone/zone-rules.ts';

const ZONES = [
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Africa/Casablanca',
  'America/St_Johns',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Africa/Cairo',
  'Asia/Gaza',
  'America/Sao_Paulo',
  'Europe/Moscow',
  'Australia/Lord_Howe',
  'Antarctica/Troll',
];

function intlOffset(zone: string): (sec: number) => number {
  const dtf = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  return (sec) => {
    const m = /GMT(?:([+-−])(\d\d):(\d\d)(?::(\d\d))?)?/.exec(dtf.format(sec * 1000));
    if (m?.[1] === undefined) return 0;
    const v = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0);
    return m[1] === '+' ? v : -v;
  };
}

const Y1900 = -2208988800,
  Y2100 = 4102444800;

describe('zone offsets', () => {
  for (const name of ZONES) {
    it(`match Intl in ${name}`, () => {
      const rules = new ZoneRules(name);
      const truth = intlOffset(name);
      const rand = mulberry32(name.length * 7919);
      let changes = 0;
      for (let i = 0; i < 600; i++) {
        const base = Math.floor(Y1900 + rand() * (Y2100 - Y1900));
        for (let k = 0; k < 50; k++) {
          const t = base + k * 4813;
          expect(rules.offsetAt(t), `${name} at ${new Date(t * 1000).toISOString()}`).toBe(truth(t));
        }
        const t = base;
        const change = rules.transitionAt(t);
        if (change > Y1900) {
          changes++;
          expect(rules.offsetAt(change)).toBe(truth(change));
          expect(truth(change - 1)).not.toBe(truth(change));
        }
      }
      if (name !== 'Asia/Kolkata') expect(changes).toBeGreaterThan(0);
    });
  }

  it('finds a daylight-saving period of one week (Gaza, October 2040)', () => {
    const rules = new ZoneRules('Asia/Gaza');
    const truth = intlOffset('Asia/Gaza');
    const start = Date.UTC(2040, 9, 1) / 1000;
    for (let k = 0; k < 31 * 24; k++) {
      const t = start + k * 3600;
      expect(rules.offsetAt(t), new Date(t * 1000).toISOString()).toBe(truth(t));
    }
    expect(rules.offsetAt(Date.UTC(2040, 9, 22) / 1000)).toBe(3 * 3600);
  });
});

describe('canonical zone names (what a one-shot command may run its own clock in)', () => {
  it('takes Intl canonical names and UTC, and nothing else', () => {
    expect(isCanonicalZone('Europe/London')).toBe(true);
    expect(isCanonicalZone('America/New_York')).toBe(true);
    // Intl's list leaves UTC out, though every UTC spelling resolves to it.
    expect(isCanonicalZone('UTC')).toBe(true);
    expect(isCanonicalZone('europe/london')).toBe(false);
    expect(isCanonicalZone('Mars/Olympus_Mons')).toBe(false);
    expect(isCanonicalZone('')).toBe(false);
  });
});
