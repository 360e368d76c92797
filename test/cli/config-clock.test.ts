// The machine's zone read without Intl (status bars run the CLI every few seconds) is the zone
// Intl would have named, and a configured zone is still checked.
import { describe, expect, it } from 'vitest';
import { ConfigError, readClock, systemTimeZone } from '../../src-main/config-clock.ts';

const canonical = (zone: string): string =>
  new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;

describe('the clock configuration', () => {
  it("names the machine's zone as Intl does", () => {
    expect(canonical(systemTimeZone())).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('takes TZ set to a canonical zone name (as a one-shot command sets it) as Intl does', () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = 'America/New_York';
      expect(systemTimeZone()).toBe('America/New_York');
      expect(systemTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('refuses a configured zone Intl does not know, and reads a fixed now in a configured one', () => {
    expect(() => readClock({ ACCOUNT_MONITOR_TZ: 'Mars/Olympus_Mons' })).toThrow(ConfigError);
    const clock = readClock({ ACCOUNT_MONITOR_TZ: 'Europe/London', ACCOUNT_MONITOR_NOW: '2026-07-01T12:00:00' });
    expect(clock.timeZone).toBe('Europe/London');
    expect(clock.clock()).toBe(Date.UTC(2026, 6, 1, 11, 0, 0));
  });
});
