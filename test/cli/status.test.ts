// `status`, `check` and `account list` as a person or a status bar runs them: real CLI processes
// over a temporary data folder. With no app running they read the accounts the monitor's way;
// while `serve` runs (or within minutes of it) they read the evaluation it stored, asking no one.
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli, cliOk, startService, stop } from '../../bench/lib/procs.ts';
import { loadedFilesHook, readLoadedFiles } from '../helpers/loaded-files.ts';
import { tempDir } from '../helpers/service.ts';

let dir: string;
let env: Record<string, string>;
let lowKey: string;
beforeAll(async () => {
  dir = tempDir('am-status-');
  env = { ACCOUNT_MONITOR_DATA_DIR: dir, ACCOUNT_MONITOR_KEYCHAIN: 'off' };
  lowKey = await cliOk(['account', 'create', 'Low one'], env);
  await cliOk(['ledger', 'add', '--key', lowKey, '--at', '2026-11-01', '--amount', '1500'], env);
  await cliOk(['settings', 'set', '--key', lowKey, '--warning-enabled', 'true', '--warning-level', '2000'], env);
  const fine = await cliOk(['account', 'create', 'Fine <&> "quoted"'], env);
  await cliOk(['ledger', 'add', '--key', fine, '--at', '2026-11-01', '--amount', '123456'], env);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('with no app running', () => {
  it('status: one line per account, balance in pounds, state, age', async () => {
    expect(await cliOk(['status'], env)).toBe(
      'Low one: £15.00 low (read 0 s ago)\nFine <&> "quoted": £1,234.56 ok (read 0 s ago)',
    );
  });

  it('status --waybar: the one object a status bar reads, markup escaped', async () => {
    expect(JSON.parse(await cliOk(['status', '--waybar'], env))).toEqual({
      text: '£15.00',
      tooltip: 'Low one: £15.00 low (read 0 s ago)\nFine &lt;&amp;&gt; "quoted": £1,234.56 ok (read 0 s ago)',
      class: 'warning',
      alt: 'warning',
    });
  });

  it('check: one line and the monitoring-plugins exit status, each balance as perfdata after a |', async () => {
    const all = await cli(['check'], env);
    expect([all.code, all.stdout]).toEqual([
      1,
      `BALANCE WARNING - Low one: £15.00 low (read 0 s ago) (and 1 more) | 'Low one'=15.00;20.00:;@~:0.00 'Fine <&> "quoted"'=1234.56;;@~:0.00\n`,
    ]);
    const fine = await cli(['check', 'Fine <&> "quoted"'], env);
    expect([fine.code, fine.stdout]).toEqual([
      0,
      'BALANCE OK - Fine <&> "quoted": £1,234.56 ok (read 0 s ago) | balance=1234.56;;@~:0.00\n',
    ]);
    const none = await cli(['check', 'Nobody'], env);
    expect([none.code, none.stdout]).toEqual([
      3,
      'BALANCE UNKNOWN - no account is named "Nobody" (see account list)\n',
    ]);
  });

  it("check --warning / --critical: thresholds in pounds replace the account's levels, in the line and the perfdata", async () => {
    const lower = await cli(['check', 'Low one', '--warning', '10'], env);
    expect([lower.code, lower.stdout]).toEqual([
      0,
      'BALANCE OK - Low one: £15.00 ok (read 0 s ago) | balance=15.00;10.00:;@~:0.00\n',
    ]);
    // Critical at or below the amount: £15.00 is critical at --critical 15.
    const critical = await cli(['check', 'Low one', '--critical', '£15'], env);
    expect([critical.code, critical.stdout]).toEqual([
      2,
      'BALANCE CRITICAL - Low one: £15.00 low (read 0 s ago) | balance=15.00;20.00:;@~:15.00\n',
    ]);
    const both = await cli(['check', '--warning=1,500', '--critical=-5'], env);
    expect([both.code, both.stdout]).toEqual([
      1,
      `BALANCE WARNING - Low one: £15.00 low (read 0 s ago); Fine <&> "quoted": £1,234.56 low (read 0 s ago) | 'Low one'=15.00;1500.00:;@~:-5.00 'Fine <&> "quoted"'=1234.56;1500.00:;@~:-5.00\n`,
    ]);
  });

  it('check with a threshold that is not an amount: one UNKNOWN line, exit 3, as a monitoring plugin', async () => {
    for (const [args, line] of [
      [
        ['--warning', 'lots'],
        'BALANCE UNKNOWN - --warning takes an amount in pounds (20, 20.00, -5): That is not an amount in pounds: for example 25, 25.00, £25 or £1,250.50.',
      ],
      [
        ['--critical', '12.345'],
        'BALANCE UNKNOWN - --critical takes an amount in pounds (20, 20.00, -5): Use at most two decimal places: pounds and pence (25.50).',
      ],
    ] as const) {
      const r = await cli(['check', 'Low one', ...args], env);
      expect([r.code, r.stdout, r.stderr]).toEqual([3, `${line}\n`, '']);
    }
  });

  it('check with a usage mistake commander finds, or a configuration that stops it: one UNKNOWN line, exit 3 (2 would read as CRITICAL); other commands keep 2', async () => {
    for (const [args, line] of [
      [['--bogus'], "BALANCE UNKNOWN - unknown option '--bogus' (see --help)"],
      [['Low one', '--warning'], "BALANCE UNKNOWN - option '--warning <pounds>' argument missing (see --help)"],
      [
        ['Low one', 'Fine'],
        "BALANCE UNKNOWN - too many arguments for 'check'. Expected 1 argument but got 2. (see --help)",
      ],
    ] as const) {
      const r = await cli(['check', ...args], env);
      expect([r.code, r.stdout, r.stderr]).toEqual([3, `${line}\n`, '']);
    }
    // A configuration that stops it is UNKNOWN too (not 2, CRITICAL, nor 1, WARNING).
    const zone = await cli(['check'], { ...env, ACCOUNT_MONITOR_TZ: 'Nowhere/Zone' });
    expect([zone.code, zone.stdout, zone.stderr]).toEqual([
      3,
      'BALANCE UNKNOWN - ACCOUNT_MONITOR_TZ is not an IANA time zone: "Nowhere/Zone"\n',
      '',
    ]);
    const status = await cli(['status', '--bogus'], env);
    expect([status.code, status.stdout, status.stderr]).toEqual([
      2,
      '',
      "account-monitor: unknown option '--bogus' (see --help)\n",
    ]);
  });

  it('account list: a header, balance in pounds, state against the level, provider state, age; --json the same fields', async () => {
    expect((await cliOk(['account', 'list'], env)).split('\n')).toEqual([
      'NAME               KIND   BALANCE    STATE  PROVIDER  READ     ADDRESS',
      'Low one            local  £15.00     low    -         0 s ago  -',
      'Fine <&> "quoted"  local  £1,234.56  ok     -         0 s ago  -',
    ]);
    const [low] = JSON.parse(await cliOk(['account', 'list', '--json'], env)) as Record<string, unknown>[];
    expect(low).toEqual({
      name: 'Low one',
      kind: 'local',
      baseUrl: null,
      state: 'ok',
      lastCheckedAt: null,
      balance: '1500',
      pounds: '£15.00',
      level: 2000,
      balanceState: 'low',
      providerState: null,
      severity: 'warning',
      words: 'low',
      readAt: '2026-11-21T10:35:00Z',
      ageSeconds: 0,
      forecastBelowLevelAt: null,
      forecastZeroAt: null,
    });
  });
});

describe('while serve runs', () => {
  it('reads the evaluation the monitor stored, and says below zero with exit 2', async () => {
    // No session bus (whatever the machine running the tests has).
    const served = await startService(dir, { ...env, DBUS_SESSION_BUS_ADDRESS: '' }, [], false);
    try {
      await vi.waitFor(
        async () => {
          expect((await cli(['check', 'Low one'], env)).code).toBe(1);
        },
        { timeout: 20_000, interval: 100 },
      );
      await cliOk(
        ['ledger', 'add', '--key', lowKey, '--at', '2026-11-20', '--amount', '2000', '--kind', 'charge'],
        env,
      );
      await vi.waitFor(
        async () => {
          const below = await cli(['check', 'Low one'], env);
          expect([below.code, below.stdout]).toEqual([
            2,
            'BALANCE CRITICAL - Low one: -£5.00 below zero (read 0 s ago) | balance=-5.00;20.00:;@~:0.00\n',
          ]);
        },
        { timeout: 20_000, interval: 200 },
      );
      // The evaluation is stored before its alert is printed: wait for the line.
      await vi.waitFor(
        () => {
          expect(served.stderr()).toMatch(/alert: CRITICAL "Low one": Balance is below zero\./);
        },
        {
          timeout: 20_000,
          interval: 100,
        },
      );
      // No session bus here: said once at start-up, and nothing else changes.
      expect(served.stderr().match(/desktop notifications: off \(no D-Bus session bus/g)).toHaveLength(1);
    } finally {
      await stop(served.child);
    }
    // The clock is fixed, so the stored evaluation stays fresh: `status` reads it and asks no one,
    // even about a change written since (the running app would have evaluated it).
    await cliOk(['ledger', 'add', '--key', lowKey, '--at', '2026-11-20', '--amount', '10000'], env);
    expect(await cliOk(['status'], env)).toMatch(/^Low one: -£5\.00 below zero/);
    // Reading what the monitor stored needs no resolver: neither of its stages is loaded, its
    // scanner tables alone being about 160 KB of a start that is meant to cost little (issue 36).
    const hooked = tempDir('am-status-loaded-');
    try {
      const hook = loadedFilesHook(hooked);
      for (const [args, command] of [
        [['status'], 'function statusCommand('],
        [['check', 'Low one'], 'function checkCommand('],
      ] as const) {
        const run = await cli([...args], { ...env, ...hook.env }, hook.nodeArgs);
        expect(run.stdout).toMatch(/Low one: -£5\.00 below zero/);
        const { texts } = readLoadedFiles(hooked);
        expect(texts.some((t) => t.includes(command))).toBe(true);
        expect(texts.filter((t) => t.includes('function strtotime('))).toEqual([]);
      }
    } finally {
      rmSync(hooked, { recursive: true, force: true });
    }
    expect(await cliOk(['status', '--refresh'], env)).toMatch(/^Low one: £95\.00 ok/);
  });

  it("a stored evaluation that does not read is reported on stderr, and the account read the monitor's way", async () => {
    const db = new Database(join(dir, 'account-monitor.sqlite'));
    try {
      // Fresh (the clock is fixed) but of a shape this version never writes.
      db.prepare('UPDATE account_watch SET reading = \'{"balance":1500}\'').run();
    } finally {
      db.close();
    }
    const r = await cli(['status'], env);
    expect([r.code, r.stdout]).toEqual([
      0,
      'Low one: £95.00 ok (read 0 s ago)\nFine <&> "quoted": £1,234.56 ok (read 0 s ago)\n',
    ]);
    expect(r.stderr).toMatch(
      /^store: account_watch\.reading of account 1 is not used \(.+\): another version wrote it, or it is damaged$/m,
    );
  });
});
