// Sleep and wake as `serve` lives them (issue 34): when the machine's clock jumps by more than two
// check intervals between two ticks of the monitor, the connected accounts are checked first and
// "stale" is held until that check has had its chance, so the first tick after a night does not
// push "Balance is out of date". A start after a night is the same. The real app over SQLite, a
// provider on loopback that answers when the test lets it; the monitor's and the checks' timers
// and both clocks are the test's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openApp, type App } from '../../src-main/app.ts';
import { formatLocal, parseLocalWallTime } from '../../src-main/dates/index.ts';
import type { MonitorTimers } from '../../src-main/monitor/index.ts';
import type { CheckTimers } from '../../src-main/remote/checks.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';
import { startFaultProvider, xml, type FaultProvider } from '../provider/fault-provider.ts';

const ZONE = 'Europe/London';
const KEY = 'sleepy-provider-key-0123';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let dir: string;
/** The app's clock (what the data says), and the machine's own (what tells a sleep). */
let now: number;
let wall: number;
let app: App;
let provider: FaultProvider;
/** Answers held back until the test lets them go. */
let gate: Promise<void> | undefined;
let open: () => void = () => undefined;
let tick: (() => void) | undefined;

const monitorTimers: MonitorTimers = {
  setInterval: (callback) => {
    tick = callback;
    return 1;
  },
  clearInterval: () => undefined,
};
/** The checks' schedule never comes due by itself: only wakes and refreshes check. */
const checkTimers: CheckTimers = {
  setTimeout: () => 0,
  clearTimeout: () => undefined,
  now: () => wall,
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'am-wake-'));
  now = parseLocalWallTime('2026-11-22T22:00:00', ZONE) ?? 0;
  wall = 1_000_000_000;
  gate = undefined;
  provider = await startFaultProvider();
  provider.behave = (req, res) => {
    const answer = (): void => {
      if (req.url?.includes('get_balance') === true)
        xml(
          res,
          `<?xml version="1.0" encoding="UTF-8"?>\n<result><datetime>${formatLocal(now / 1000, ZONE)}</datetime><balance>5000</balance></result>\n`,
        );
      else xml(res, '<?xml version="1.0" encoding="UTF-8"?>\n<notificationsettings></notificationsettings>\n');
    };
    if (gate === undefined) answer();
    else void gate.then(answer);
  };
  app = openApp({
    dataDir: dir,
    timeZone: ZONE,
    clock: () => now,
    wallClock: () => wall,
    vault: new SessionKeyVault('tests'),
    token: 'test-token-0123456789',
    log: () => undefined,
    checkIntervalMs: 10 * MINUTE,
    checkTimers,
    monitorTimers,
    evaluateDelayMs: 0,
  });
});
afterEach(async () => {
  app.close();
  await provider.close();
  rmSync(dir, { recursive: true, force: true });
});

async function connected(): Promise<number> {
  const { accountId } = await app.accounts.connect({ baseUrl: provider.base, key: KEY, name: 'Sleepy' });
  await app.vault.set(app.accounts.overview(accountId)?.vaultRef ?? '', KEY);
  app.accounts.keepKey(accountId, true);
  return accountId;
}

function holdAnswers(): void {
  gate = new Promise((resolve) => {
    open = resolve;
  });
}
const balanceAsks = (): number => provider.targets.filter((t) => t.includes('get_balance')).length;
const kinds = (): string[] =>
  app.alerts
    .recent(20)
    .map((a) => a.kind)
    .reverse();

describe('after a sleep', () => {
  it('serve: a clock jump of more than two check intervals checks first, and holds "stale" until the check is back', async () => {
    const id = await connected();
    await app.startBackground();
    await app.settled();
    expect(kinds()).toEqual([]);
    // The night: eight hours on both clocks; the provider is slow to answer the morning's check.
    now += 8 * HOUR;
    wall += 8 * HOUR;
    holdAnswers();
    const asked = balanceAsks();
    tick?.();
    await vi.waitFor(() => {
      expect(balanceAsks()).toBe(asked + 1);
    });
    // Evaluated while the check is out: the reading is eight hours old, and not yet news.
    const held = await app.monitor.refresh();
    expect(held.accounts.find((a) => a.id === id)?.status.source).toBe('ok');
    expect(kinds()).toEqual([]);
    open();
    await app.settled();
    expect(kinds()).toEqual([]);
    expect(app.monitor.view().accounts.find((a) => a.id === id)?.status).toMatchObject({
      source: 'ok',
      severity: 'ok',
    });
  });

  it('without the jump (the same hours, ticks all along) nothing is held: a check that never came is stale', async () => {
    await connected();
    await app.startBackground();
    await app.settled();
    now += 8 * HOUR;
    wall += MINUTE;
    holdAnswers();
    tick?.();
    await app.monitor.refresh();
    expect(kinds()).toEqual(['stale']);
    open();
  });

  it('a start after a night checks first too', async () => {
    await connected();
    // Read once the evening before (its forecast is then not due again in the morning).
    await app.monitor.refresh();
    app.close();
    now += 8 * HOUR;
    wall += 8 * HOUR;
    app = openApp({
      dataDir: dir,
      timeZone: ZONE,
      clock: () => now,
      wallClock: () => wall,
      vault: app.vault,
      token: 'test-token-0123456789',
      log: () => undefined,
      checkIntervalMs: 10 * MINUTE,
      checkTimers,
      monitorTimers,
      evaluateDelayMs: 0,
    });
    holdAnswers();
    const asked = balanceAsks();
    await app.startBackground();
    await vi.waitFor(() => {
      expect(balanceAsks()).toBeGreaterThan(asked);
    });
    await app.monitor.refresh();
    expect(kinds()).toEqual([]);
    open();
    await app.settled();
    expect(kinds()).toEqual([]);
  });
});
