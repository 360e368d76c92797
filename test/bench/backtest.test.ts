// The forecast's backtest as a test (the bench runs it with 300 accounts: bench/sections/backtest.ts):
// seeded synthetic accounts, local and connected to this server playing their provider, forecast at
// a cut and compared with their own continuation. The range holds about as often as the goal says
// (75% to 90%; a little slack for the smaller sample), p50 is within a few days, no account that
// runs out within 45 days is told "not within the horizon", and what is scheduled alone does far worse.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runBacktest } from '../../bench/lib/backtest.ts';
import { tempDir } from '../helpers/service.ts';

const dir = tempDir('am-backtest-');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the backtest', () => {
  it('holds its range about as often as the goal says, on local and connected accounts alike', async () => {
    const r = await runBacktest(dir, { local: 60, connected: 2, firstSeed: 1001, checkEverySeconds: 86_400 });
    expect(r.accounts).toMatchObject({ local: 60, connected: 2 });
    expect(r.learned.crossings).toBeGreaterThan(50);
    expect(r.learned.coverage).toBeGreaterThanOrEqual(0.7);
    expect(r.learned.coverage).toBeLessThanOrEqual(0.95);
    expect(r.learned.p50ErrorDays).toBeLessThanOrEqual(3);
    expect(r.learned.missedWithin45).toBe(0);
    expect(r.byKind.connected.crossings).toBeGreaterThan(0);
    // What is scheduled alone misses the usage: rarely right, days late, often "not within the horizon".
    expect(r.scheduledOnly.coverage).toBeLessThan(0.3);
    expect(r.scheduledOnly.p50ErrorDays).toBeGreaterThan(10);
    expect(r.scheduledOnly.missedWithin45).toBeGreaterThan(0);
  }, 240_000);
});
