// The desktop app after a night (issue 33, shell defect 2; issue 34): on powerMonitor's `resume`
// and `unlock-screen` the connected accounts are checked at once (once the network is back), and
// "stale" is held until that check has had its chance, so the morning does not begin with a false
// "Balance is out of date" and the tray is fresh after one check. Before, nothing listened: the
// next tick judged eight-hour-old readings stale, and the tray stayed so up to an interval.
// Under the fake Electron, with a provider on loopback that answers when the test lets it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../src-main/app.ts';
import { formatLocal, parseLocalWallTime } from '../../src-main/dates/index.ts';
import { startFaultProvider, xml, type FaultProvider } from '../provider/fault-provider.ts';
import { electronFake, network, powerMonitor, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);
const ZONE = 'Europe/London';
const clock = { now: parseLocalWallTime('2026-11-22T22:00:00', ZONE) ?? 0 };
// The app's clock moves with the test's night (the machine's clock would).
vi.mock('../../src-main/config.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src-main/config.ts')>();
  return {
    ...real,
    readConfig: (...args: Parameters<typeof real.readConfig>) => ({
      ...real.readConfig(...args),
      clock: () => clock.now,
    }),
  };
});
const opened: App[] = [];
vi.mock('../../src-main/app.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src-main/app.ts')>();
  return {
    ...real,
    openApp: (options: Parameters<typeof real.openApp>[0]) => {
      const app = real.openApp(options);
      opened.push(app);
      return app;
    },
  };
});

let dataDir: string;
let provider: FaultProvider;
let gate: Promise<void> | undefined;
let open: () => void = () => undefined;
const saved = { ...process.env };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'am-main-wake-'));
  provider = await startFaultProvider();
  provider.behave = (req, res) => {
    const answer = (): void => {
      if (req.url?.includes('get_balance') === true)
        xml(
          res,
          `<?xml version="1.0" encoding="UTF-8"?>\n<result><datetime>${formatLocal(clock.now / 1000, ZONE)}</datetime><balance>5000</balance></result>\n`,
        );
      else xml(res, '<?xml version="1.0" encoding="UTF-8"?>\n<notificationsettings></notificationsettings>\n');
    };
    if (gate === undefined) answer();
    else void gate.then(answer);
  };
  Object.assign(process.env, {
    ACCOUNT_MONITOR_TRAY: 'on',
    ACCOUNT_MONITOR_DATA_DIR: dataDir,
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_PORT: '0',
    ACCOUNT_MONITOR_TZ: ZONE,
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/am-no-bus',
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  await import('../../src-main/desktop/main.ts');
  await vi.waitFor(
    () => {
      expect(recorded.windows[0]?.events).toContain('show');
    },
    { timeout: 15_000, interval: 20 },
  );
});

afterAll(async () => {
  open();
  electronFake.app.quit();
  await vi.waitFor(() => {
    expect(recorded.exitCode).toBe(0);
  });
  await provider.close();
  process.env = saved;
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

const app = (): App => {
  const [only] = opened;
  if (only === undefined) throw new Error('the desktop app opened no app');
  return only;
};
const balanceAsks = (): number => provider.targets.filter((t) => t.includes('get_balance')).length;
const outOfDate = (): number => recorded.notes.filter((n) => n.title.startsWith('Balance is out of date')).length;
const tray = () => recorded.trays[0];

describe('the desktop app after a sleep', () => {
  it('checks on resume before anything is judged stale, and the tray is fresh once the check is back', async () => {
    const connect = await recorded.protocolHandlers.get('app')?.(
      new Request('app://account-monitor/app/connect', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ baseUrl: provider.base, key: 'resumed-provider-key-01', name: 'Hosting' }),
      }),
    );
    expect(connect?.status).toBe(200);
    await app().settled();
    await vi.waitFor(() => {
      expect(tray()?.image.endsWith('ok.png')).toBe(true);
    });

    // The night: eight hours pass while the machine sleeps; the network is back at once, the
    // provider slow to answer the morning's check.
    clock.now += 8 * 3600_000;
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const asked = balanceAsks();
    network.online = true;
    powerMonitor.emit('resume');
    await vi.waitFor(() => {
      expect(balanceAsks()).toBeGreaterThan(asked);
    });
    // The monitor evaluates while the check is out (its minute tick, a change): not stale yet.
    await app().monitor.refresh();
    expect(outOfDate()).toBe(0);
    expect(tray()?.image.endsWith('ok.png')).toBe(true);
    open();
    gate = undefined;
    await app().settled();
    expect(outOfDate()).toBe(0);
    expect(tray()?.tooltip).toMatch(/^Account Monitor\nBalance £50\.00/);
  });

  it('checks on unlock-screen too', async () => {
    clock.now += 3600_000;
    const asked = balanceAsks();
    powerMonitor.emit('unlock-screen');
    await vi.waitFor(() => {
      expect(balanceAsks()).toBeGreaterThan(asked);
    });
    await app().settled();
    expect(outOfDate()).toBe(0);
  });
});
