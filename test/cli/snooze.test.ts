// `snooze` as a person runs it: real CLI processes over a temporary data folder, the clock fixed.
// It writes the app-wide snoozes the running app reads (test/monitor/warnings.test.ts shows what
// a snooze holds back); here, what it says and refuses.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliOk } from '../../bench/lib/procs.ts';
import { openStore } from '../../src-main/store/index.ts';
import { snoozes } from '../../src-main/domain/alerts.ts';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import { tempDir } from '../helpers/service.ts';

let dir: string;
let env: Record<string, string>;
const NOW = '2026-11-22T10:35:00';
const nowSeconds = (parseLocalWallTime(NOW, 'Europe/London') ?? 0) / 1000;
beforeAll(async () => {
  dir = tempDir('am-snooze-');
  env = {
    ACCOUNT_MONITOR_DATA_DIR: dir,
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_TZ: 'Europe/London',
    ACCOUNT_MONITOR_NOW: NOW,
  };
  await cliOk(['account', 'create', 'Home'], env);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function stored(): Map<number, number> {
  const store = openStore(dir, { watch: false });
  try {
    return snoozes(store, nowSeconds);
  } finally {
    store.close();
  }
}

describe('snooze', () => {
  it('the only account, until tomorrow when quiet hours end by default, or until a phrase; --clear resumes', async () => {
    expect(await cliOk(['snooze'], env)).toBe(
      '"Home": no reminders until 2026-11-23 08:00:00 (a worse state still alerts at once)',
    );
    expect(await cliOk(['snooze', 'Home', '--until', 'next friday 09:00'], env)).toBe(
      '"Home": no reminders until 2026-11-27 09:00:00 (a worse state still alerts at once)',
    );
    expect([...stored().values()]).toEqual([(parseLocalWallTime('2026-11-27T09:00:00', 'Europe/London') ?? 0) / 1000]);
    expect(await cliOk(['snooze', '--clear'], env)).toBe('"Home": reminders resumed');
    expect(stored().size).toBe(0);
  });

  it('with several accounts: a name, or --clear for all of them', async () => {
    await cliOk(['account', 'create', 'Work'], env);
    const unnamed = await cli(['snooze'], env);
    expect([unnamed.code, unnamed.stderr.trim()]).toEqual([2, 'account-monitor: name the account: "Home", "Work"']);
    await cliOk(['snooze', 'Work'], env);
    await cliOk(['snooze', 'Home'], env);
    expect(stored().size).toBe(2);
    expect(await cliOk(['snooze', '--clear'], env)).toBe('Reminders resumed for every account (2 were snoozed).');
    expect(stored().size).toBe(0);
  });

  it('refuses a phrase it does not understand, one in the past, and --until with --clear, in one line', async () => {
    const unknown = await cli(['snooze', 'Home', '--until', 'when pigs fly'], env);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([
      1,
      'account-monitor: until: "when pigs fly" is not a date or time this app understands',
    ]);
    const past = await cli(['snooze', 'Home', '--until', 'yesterday'], env);
    expect(past.code).toBe(1);
    expect(past.stderr.trim()).toBe('account-monitor: until: "yesterday" is not later than now');
    const both = await cli(['snooze', 'Home', '--until', 'tomorrow', '--clear'], env);
    expect([both.code, both.stderr.trim()]).toEqual([2, 'account-monitor: give --until or --clear, not both']);
    expect(stored().size).toBe(0);
  });
});
