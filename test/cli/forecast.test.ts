// The CLI's `plan`, `observations` and `surprises`, as a script would use them, against a local
// ledger and against a connected account whose provider is this project's own server (2031, New
// York): the plan the domain makes in words, exact pence with --json, one line and a non-zero exit
// for bad input, and a second plan that reuses the provider's projections kept in the store.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountDomain } from '../../src-main/domain/account-domain.ts';
import { LocalAccount } from '../../src-main/domain/account-source.ts';
import { planTopUp } from '../../src-main/domain/planner.ts';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import { openStore } from '../../src-main/store/index.ts';
import { tempDir } from '../helpers/service.ts';
import { PROVIDER_KEY, startProvider, type ProviderInstance } from '../remote/helpers.ts';

const MAIN = join(import.meta.dirname, '../../bin/account-monitor.js');
const NOW = '2026-11-22T10:35:00';
const KEY = 'local-plan-key-0123456789';
let dir: string;
let provider: ProviderInstance;
const env = {
  ...process.env,
  ACCOUNT_MONITOR_NOW: NOW,
  ACCOUNT_MONITOR_TZ: 'Europe/London',
  ACCOUNT_MONITOR_KEY: '',
  ACCOUNT_MONITOR_KEYCHAIN: 'off',
};

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

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

function oneLine(r: Run, status: number): string {
  expect({ status: r.status, stdout: r.stdout }).toEqual({ status, stdout: '' });
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0] ?? '';
}

const providerCalls = (): number => provider.logs.filter((l) => l.startsWith('GET /account/get_balance')).length;

beforeAll(async () => {
  dir = tempDir();
  provider = await startProvider(PROVIDER_KEY, { accessLog: true });
  for (const args of [
    ['account', 'create', 'Mine', '--key', KEY],
    ['ledger', 'add', '--key', KEY, '--at', '2026-11-01', '--amount', '6000'],
    ['recurring', 'add', '--key', KEY, '--amount', '3100', '--every', 'month', '--from', '2026-11-01'],
    ['ledger', 'add', '--key', KEY, '--at', '2027-01-20 09:30', '--amount', '2500'],
    ['settings', 'set', '--key', KEY, '--warning-enabled', 'true', '--warning-level', '2000'],
  ])
    expect((await cli(args)).status).toBe(0);
});
afterAll(async () => {
  await provider.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('plan', () => {
  it("prints the domain's plan for a local account in words, and in exact pence with --json", async () => {
    const r = await cli(['plan', 'Mine', '--until', '31 Mar 2027']);
    expect(r.status).toBe(0);
    const store = openStore(dir, { watch: false });
    try {
      const now = (parseLocalWallTime(NOW, 'Europe/London') ?? 0) / 1000;
      const domain = new AccountDomain({ store, timeZone: 'Europe/London', clock: () => now * 1000 });
      const id = store.accounts.live()[0]?.id ?? 0;
      const until = (parseLocalWallTime('2027-03-31T00:00:00', 'Europe/London') ?? 0) / 1000;
      const plan = await planTopUp(new LocalAccount(domain, id), until, 2000, now);
      expect(plan.topUp).not.toBe('0');
      const pounds = `£${(Number(plan.topUp) / 100).toFixed(2)}`;
      expect(r.stdout).toMatch(
        new RegExp(
          `^To stay above £20\\.00 until 31 Mar 2027, top up ${pounds.replace('.', '\\.')} by \\w{3} \\d+ \\w{3} 202[67]`,
        ),
      );
      const json = await cli(['plan', '--key', KEY, '--until', '31 Mar 2027', '--keep-above', '£0', '--json']);
      expect(JSON.parse(json.stdout)).toMatchObject({ account: 'Mine', keepAbove: 0, until: '2027-03-31 00:00:00' });
    } finally {
      store.close();
    }
  });

  it('refuses bad input in one line', async () => {
    expect(oneLine(await cli(['plan', 'Mine', '--until', '31 Mar 2027', '--keep-above', '12.345']), 2)).toMatch(
      /--keep-above:/,
    );
    expect(oneLine(await cli(['plan', 'Mine', '--until', 'gibberish\u001b[31m']), 1)).toMatch(
      /not a date or time this app understands/,
    );
    expect(oneLine(await cli(['plan', 'Mine', '--until', 'yesterday']), 1)).toMatch(/must end after now/);
    expect(oneLine(await cli(['plan', 'Nobody', '--until', 'tomorrow']), 1)).toMatch(/no account is named "Nobody"/);
    expect(oneLine(await cli(['plan', 'Mine']), 2)).toMatch(/--until/);
    expect(oneLine(await cli(['observations', 'Mine']), 1)).toMatch(/kept in this app/);
  });

  it('plans a connected account from its provider, and a second plan reuses what was asked', async () => {
    const connect = await cli(['account', 'connect', `${provider.base}/`, '--name', 'Hosting'], {
      ACCOUNT_MONITOR_KEY: PROVIDER_KEY,
    });
    expect(connect.status).toBe(0);
    // The key was not kept (no keychain here): it must be given.
    expect(oneLine(await cli(['plan', 'Hosting', '--until', '+2 months']), 1)).toMatch(/not kept here/);
    const before = providerCalls();
    const first = await cli(['plan', 'Hosting', '--until', '+2 months', '--json'], {
      ACCOUNT_MONITOR_KEY: PROVIDER_KEY,
    });
    expect(first.status).toBe(0);
    const plan = JSON.parse(first.stdout) as { from: string; keepAbove: number; until: string };
    // The provider's clock is years ahead: "+2 months" counts from its now.
    expect(plan).toMatchObject({ keepAbove: 2000, from: '2031-05-01 13:00:00', until: '2031-07-01 13:00:00' });
    const firstCalls = providerCalls() - before;
    expect(firstCalls).toBeGreaterThan(30);
    const again = providerCalls();
    const second = await cli(['plan', 'Hosting', '--until', '+2 months', '--json'], {
      ACCOUNT_MONITOR_KEY: PROVIDER_KEY,
    });
    expect(second.stdout).toBe(first.stdout);
    expect(providerCalls() - again).toBeLessThanOrEqual(3);
  });

  it('exports the checks as CSV and sets the unexpected-charge threshold', async () => {
    const csv = await cli(['observations', 'Hosting']);
    expect(csv.status).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'checked_at,source,outcome,provider_datetime,balance,expected_balance,unexpected_change,surprise,message',
    );
    expect(lines[1]).toMatch(/^2026-11-22 10:35:00,connect,ok,2031-05-01 08:00:00,/);
    expect(await cli(['surprises', 'Hosting'])).toMatchObject({ status: 0, stdout: '' });
    expect((await cli(['surprises', 'Hosting', '--threshold', '2.50'])).stdout).toBe(
      '"Hosting": a fall of more than £2.50 beyond the projection is an unexpected charge\n',
    );
    expect(oneLine(await cli(['surprises', 'Mine', '--threshold', '1']), 1)).toMatch(/kept in this app/);
  });
});
