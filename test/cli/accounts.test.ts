// The CLI's connected accounts, as a script would use them: `account connect`, `account list`,
// `account disconnect`, and `balance` / `settings show` answered by the provider. The provider is
// a second instance of this project's server (its own clock and zone) on port 0.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/service.ts';
import { startFaultProvider, type FaultProvider } from '../provider/fault-provider.ts';
import { PROVIDER_KEY, startProvider, type ProviderInstance } from '../remote/helpers.ts';

const MAIN = join(import.meta.dirname, '../../bin/account-monitor.js');
let dir: string;
let provider: ProviderInstance;
let foreign: FaultProvider;
const env = {
  ...process.env,
  ACCOUNT_MONITOR_NOW: '2026-11-22T10:35:00',
  ACCOUNT_MONITOR_TZ: 'Europe/London',
  ACCOUNT_MONITOR_KEY: '',
  ACCOUNT_MONITOR_KEYCHAIN: 'off',
};

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI without blocking this process (the provider answers from this process). */
function cli(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], {
      env: { ...env, ACCOUNT_MONITOR_DATA_DIR: dir, ...extraEnv },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('close', (status) => {
      resolve({ status, stdout, stderr });
    });
  });
}

function oneFailureLine(r: Run): string {
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0] ?? '';
}

async function listed(): Promise<unknown[]> {
  return JSON.parse((await cli(['account', 'list', '--json'])).stdout) as unknown[];
}

beforeAll(async () => {
  dir = tempDir();
  provider = await startProvider();
  foreign = await startFaultProvider();
  foreign.behave = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!DOCTYPE html><html><body>Hosting login</body></html>');
  };
});
afterAll(async () => {
  await provider.close();
  await foreign.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('account connect', () => {
  it('is listed by account --help', async () => {
    const help = await cli(['account', '--help']);
    expect(help.stdout).toMatch(/connect \[options\] <base_url>/);
    expect(help.stdout).toMatch(/list/);
    expect(help.stdout).toMatch(/disconnect/);
  });

  it('fails with one line, exit 1 and nothing stored, for each way a provider can fail', async () => {
    const closed = await startFaultProvider();
    const closedBase = closed.base;
    await closed.close();
    const cases: [string[], Record<string, string>, RegExp][] = [
      [
        ['account', 'connect', `${provider.base}/`, '--key', 'a-key-the-provider-does-not-know'],
        {},
        /the provider refused this key \(it answered 403\)/,
      ],
      [
        ['account', 'connect', closedBase, '--key', PROVIDER_KEY],
        {},
        /cannot reach the provider: the provider refused the connection/,
      ],
      [['account', 'connect', foreign.base, '--key', PROVIDER_KEY], {}, /does not answer as the account API does/],
      [
        ['account', 'connect', 'http://api.example.net/v1', '--key', PROVIDER_KEY],
        {},
        /HTTPS is required for api\.example\.net/,
      ],
      [['account', 'connect', 'not a url', '--key', PROVIDER_KEY], {}, /not a URL/],
      [['account', 'connect', `${provider.base}/`], { ACCOUNT_MONITOR_KEY: 'short' }, /16 to 256 printable ASCII/],
    ];
    for (const [args, extra, message] of cases) {
      const r = await cli(args, extra);
      expect(oneFailureLine(r), args.join(' ')).toMatch(message);
      expect(r.stderr).not.toContain(PROVIDER_KEY);
    }
    expect(foreign.targets.length).toBeGreaterThan(0);
    expect(await listed()).toEqual([]);
    expect((await cli(['account', 'connect', `${provider.base}/`])).status).toBe(2);
  });

  it("connects: exit 0 and one line with the provider's balance (the key from the environment)", async () => {
    const r = await cli(['account', 'connect', `${provider.base}/`, '--name', 'My host'], {
      ACCOUNT_MONITOR_KEY: PROVIDER_KEY,
    });
    expect(r.status).toBe(0);
    const direct = await (
      await fetch(`${provider.base}/account/get_balance/?key=${encodeURIComponent(PROVIDER_KEY)}`)
    ).text();
    const balance = /<balance>([^<]+)<\/balance>/.exec(direct)?.[1] ?? 'missing';
    expect(r.stdout).toBe(
      `Connected "My host": balance ${balance} pence at 2031-05-01 08:00:00 (the provider's time)\n`,
    );
    // Without a keychain the key is not kept, and the CLI says so (on stderr, never the key).
    expect(r.stderr).toMatch(/the key was not kept/);
    expect(r.stderr).not.toContain(PROVIDER_KEY);
    // Connecting the same key again is refused before the provider is asked.
    expect(oneFailureLine(await cli(['account', 'connect', `${provider.base}/`, '--key', PROVIDER_KEY]))).toMatch(
      /already connected, as "My host"/,
    );
  });
});

describe('a connected account from the CLI', () => {
  it('account list shows every account with exactly its public fields, never a key', async () => {
    const local = (await cli(['account', 'create', 'Kept here'])).stdout.trim();
    const out = (await cli(['account', 'list', '--json'])).stdout;
    expect(JSON.parse(out)).toEqual([
      {
        name: 'My host',
        kind: 'remote',
        baseUrl: `${provider.base}/`,
        state: 'ok',
        lastCheckedAt: '2026-11-22T10:35:00Z',
        balance: '8271.3666666667',
        pounds: '£82.71',
        level: 2000,
        balanceState: 'ok',
        providerState: 'ok',
        severity: 'ok',
        words: 'ok',
        readAt: '2026-11-22T10:35:00Z',
        ageSeconds: 0,
        forecastBelowLevelAt: null,
        forecastZeroAt: null,
      },
      expect.objectContaining({ name: 'Kept here', kind: 'local', baseUrl: null, state: 'ok', lastCheckedAt: null }),
    ]);
    expect(out).not.toContain(PROVIDER_KEY);
    expect(out).not.toContain(local);
    const text = (await cli(['account', 'list'])).stdout.trim().split('\n');
    expect(text).toEqual([
      'NAME       KIND    BALANCE  STATE       PROVIDER  READ     ADDRESS',
      `My host    remote  £82.71   ok          ok        0 s ago  ${provider.base}/`,
      'Kept here  local   £0.00    below zero  -         0 s ago  -',
    ]);
  });

  it("balance and settings show give the provider's answers, the phrase read by the provider", async () => {
    const direct = async (path: string): Promise<string> => (await fetch(`${provider.base}${path}`)).text();
    const k = encodeURIComponent(PROVIDER_KEY);
    const week = await direct(`/account/get_balance/?key=${k}&datetime=%2B1%20week`);
    const r = await cli(['balance', '--key', PROVIDER_KEY, '--at', '+1 week', '--json']);
    expect(JSON.parse(r.stdout)).toEqual({
      datetime: '2031-05-08 08:00:00',
      balance: /<balance>([^<]+)</.exec(week)?.[1],
      understood: null,
    });
    expect((await cli(['balance', '--key', PROVIDER_KEY])).stdout).toBe(
      `${/<balance>([^<]+)</.exec(await direct(`/account/get_balance/?key=${k}`))?.[1] ?? ''}\n`,
    );
    expect((await cli(['settings', 'show', '--key', PROVIDER_KEY])).stdout).toBe(
      await direct(`/account/get_notification_settings/?key=${k}`),
    );
    // The provider's settings and ledger are its own.
    expect(oneFailureLine(await cli(['settings', 'set', '--key', PROVIDER_KEY, '--warning-level', '1']))).toMatch(
      /keeps its ledger and settings/,
    );
    expect(oneFailureLine(await cli(['ledger', 'add', '--key', PROVIDER_KEY, '--at', 'now', '--amount', '1']))).toMatch(
      /keeps its ledger and settings/,
    );
  });

  it('a stored settings row that does not read is reported on stderr and not trusted', async () => {
    const db = new Database(join(dir, 'account-monitor.sqlite'));
    const row = db.prepare('SELECT id, settings FROM observations WHERE settings IS NOT NULL ORDER BY id DESC LIMIT 1');
    const { id, settings } = row.get() as { id: number; settings: string };
    const put = db.prepare('UPDATE observations SET settings = ? WHERE id = ?');
    // A level that is no amount of pence: read as it stood, it would be compared with the balance.
    put.run(JSON.stringify({ ...(JSON.parse(settings) as object), warningLevel: 'lots' }), id);
    try {
      const r = await cli(['status']);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^My host: £82\.71 /);
      expect(r.stderr).toMatch(/^store: observations\.settings of account \d+ is not used \(warningLevel: .+\)/m);
      // The same text read again by another command is reported again (once per process).
      expect((await cli(['account', 'list'])).stderr).toMatch(/observations\.settings of account/);
    } finally {
      put.run(settings, id);
      db.close();
    }
  });

  it('account disconnect: the key is refused from then on; reconnecting with it works', async () => {
    expect(oneFailureLine(await cli(['account', 'disconnect', 'No such account']))).toMatch(
      /no account is named "No such account"/,
    );
    expect(oneFailureLine(await cli(['account', 'disconnect', 'Kept here']))).toMatch(
      /kept in this app, not at a provider/,
    );
    const r = await cli(['account', 'disconnect', 'My host']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('Disconnected "My host": its key is refused here from now on\n');
    expect(oneFailureLine(await cli(['balance', '--key', PROVIDER_KEY]))).toMatch(/the key is not valid/);
    expect((await listed()).map((a) => (a as { name: string }).name)).toEqual(['Kept here']);
    const again = await cli(['account', 'connect', `${provider.base}/`, '--key', PROVIDER_KEY]);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/^Reconnected "My host": balance /);
    expect((await cli(['balance', '--key', PROVIDER_KEY])).status).toBe(0);
  });
});
