// The third attack review's finding 11 (issue 35): a flapping condition must not be a storm. A
// provider that flips between -£1 and +£1 at every check for an hour, one that fails every other
// check, and a warning level nudged by 1p at every check, with quiet hours on: at most one push
// per kind of alert per account in any 30 minutes, and at night one urgent push per account.
// The real app over SQLite, a provider on loopback, checks every five minutes by a clock the
// test moves.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../src-shared/app-api.ts';
import { openApp, type App } from '../../src-main/app.ts';
import { formatLocal, parseLocalWallTime } from '../../src-main/dates/index.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';
import { startFaultProvider, xml, type FaultProvider } from '../provider/fault-provider.ts';

const ZONE = 'Europe/London';
const KEY = 'hostile-provider-key-0123';
const at = (wall: string): number => parseLocalWallTime(wall, ZONE) ?? Number.NaN;

let dir: string;
let now: number;
let app: App;
let provider: FaultProvider;
let pushed: Alert[];
/** What the provider answers at the next check. */
const answer = { balance: '2500', level: 2000, fail: false };

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'am-hostile-'));
  provider = await startFaultProvider();
  provider.behave = (req, res) => {
    if (answer.fail) {
      xml(res, '<error/>', 500);
      return;
    }
    if (req.url?.includes('get_balance') === true)
      xml(
        res,
        `<?xml version="1.0" encoding="UTF-8"?>\n<result><datetime>${formatLocal(now / 1000, ZONE)}</datetime><balance>${answer.balance}</balance></result>\n`,
      );
    else
      xml(
        res,
        `<?xml version="1.0" encoding="UTF-8"?>\n<notificationsettings><balance><warning><enabled>true</enabled><level>${answer.level}</level></warning></balance></notificationsettings>\n`,
      );
  };
  answer.balance = '2500';
  answer.level = 2000;
  answer.fail = false;
  pushed = [];
});
afterEach(async () => {
  app.close();
  await provider.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The app at `start`, quiet hours on (22:00 to 08:00), a connected account the window holds. */
async function connected(start: string): Promise<number> {
  now = at(start);
  app = openApp({
    dataDir: dir,
    timeZone: ZONE,
    clock: () => now,
    vault: new SessionKeyVault('tests'),
    token: 'test-token-0123456789',
    log: () => undefined,
  });
  app.store.appSettings.put('monitor', {
    quietHours: { enabled: true, from: '22:00', to: '08:00' },
    forecastDays: 7,
    reminders: 'daily',
  });
  app.events.alert.on(({ alert, context }) => {
    if (context.push) pushed.push(alert);
  });
  const { accountId } = await app.accounts.connect({ baseUrl: provider.base, key: KEY, name: 'Flappy' });
  await app.vault.set(app.accounts.overview(accountId)?.vaultRef ?? '', KEY);
  app.accounts.keepKey(accountId, true);
  await app.monitor.refresh();
  return accountId;
}

/** A check every five minutes for an hour, `vary` setting the provider's answer before each. */
async function anHourOfChecks(id: number, vary: (i: number) => void): Promise<void> {
  for (let i = 0; i < 12; i++) {
    now += 5 * 60_000;
    vary(i);
    await app.accounts.refresh(id, KEY, true);
    await app.settled();
  }
}

/** At most one push of each kind in any 30 minutes. */
function expectNoStorm(): void {
  const byKind = new Map<string, number[]>();
  for (const a of pushed) byKind.set(a.kind, [...(byKind.get(a.kind) ?? []), a.at.epochSeconds]);
  for (const [kind, times] of byKind)
    for (let i = 1; i < times.length; i++)
      expect((times[i] ?? 0) - (times[i - 1] ?? 0), `${kind} pushed twice within 30 minutes`).toBeGreaterThanOrEqual(
        30 * 60,
      );
}

const flip = (i: number): void => {
  answer.balance = i % 2 === 0 ? '-100' : '100';
};
const failEveryOther = (i: number): void => {
  answer.fail = i % 2 === 0;
};
const nudgeLevel = (i: number): void => {
  answer.balance = '2000';
  answer.level = i % 2 === 0 ? 2001 : 1999;
};

describe('flapping is not a storm (issue 35, finding 11)', () => {
  it('a balance flipping between -£1 and +£1 at every check, by day: one below zero, and nothing else', async () => {
    const id = await connected('2026-11-22T12:00:00');
    await anHourOfChecks(id, flip);
    expectNoStorm();
    expect(pushed.filter((a) => a.kind === 'below_zero')).toHaveLength(1);
  });

  it('the same at night: one urgent push, everything else held for the digest', async () => {
    const id = await connected('2026-11-22T23:00:00');
    await anHourOfChecks(id, flip);
    expectNoStorm();
    expect(pushed.map((a) => [a.kind, a.urgent])).toEqual([['below_zero', true]]);
    // Another hour of it later that night: still that one.
    now += 60 * 60_000;
    await anHourOfChecks(id, flip);
    expect(pushed).toHaveLength(1);
  });

  it('a provider failing every other check: one "not answering" by day, none at night', async () => {
    const id = await connected('2026-11-22T12:00:00');
    await anHourOfChecks(id, failEveryOther);
    expectNoStorm();
    expect(pushed.map((a) => a.kind)).toEqual(['unreachable']);
    now = at('2026-11-22T23:00:00');
    await anHourOfChecks(id, failEveryOther);
    expect(pushed.map((a) => a.kind)).toEqual(['unreachable']);
  });

  it('a warning level changed by 1p at every check across the balance: one "low"', async () => {
    const id = await connected('2026-11-22T12:00:00');
    await anHourOfChecks(id, nudgeLevel);
    expectNoStorm();
    expect(pushed.map((a) => a.kind)).toEqual(['low']);
  });
});
