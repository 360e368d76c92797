// Defect 1 of issue 33: a relative data folder (ACCOUNT_MONITOR_DATA_DIR=money, --data-dir money)
// is resolved once, where the configuration is read, against the folder the command started in:
// the CLI, serve and the desktop app then all name and use the same absolute folder (Electron's
// app.setPath refuses a relative one, and a login item started elsewhere would find another).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDataDir, readConfig } from '../../src-main/config.ts';

const BIN = join(import.meta.dirname, '../../bin/account-monitor.js');
const cwd = mkdtempSync(join(tmpdir(), 'am-relative-'));
afterAll(() => {
  rmSync(cwd, { recursive: true, force: true });
});

describe('the data folder', () => {
  it('is absolute however it was given, and says whether it was chosen', () => {
    const zone = { ACCOUNT_MONITOR_TZ: 'UTC' };
    expect(readConfig({ ...zone, ACCOUNT_MONITOR_DATA_DIR: 'money' })).toMatchObject({
      dataDir: resolve('money'),
      dataDirChosen: true,
    });
    expect(readConfig(zone, { dataDir: './a/../b' })).toMatchObject({ dataDir: resolve('b'), dataDirChosen: true });
    expect(readConfig({ ...zone, ACCOUNT_MONITOR_DATA_DIR: '  ' })).toMatchObject({
      dataDir: resolve(defaultDataDir()),
      dataDirChosen: false,
    });
  });

  it('given relative to the CLI is made where the command started, and named in full', () => {
    const env = { ...process.env, ACCOUNT_MONITOR_DATA_DIR: 'my money', ACCOUNT_MONITOR_TZ: 'UTC' };
    const created = spawnSync(process.execPath, [BIN, 'account', 'create', 'Relative'], { cwd, env, encoding: 'utf8' });
    expect(created.status, created.stderr).toBe(0);
    expect(existsSync(join(cwd, 'my money', 'account-monitor.sqlite'))).toBe(true);
    // A message naming the folder names all of it.
    const refused = spawnSync(process.execPath, [BIN, 'status', '--data-dir', 'not here/../account-monitor.sqlite'], {
      cwd: join(cwd, 'my money'),
      env,
      encoding: 'utf8',
    });
    expect(refused.stderr.trim()).toBe(
      `account-monitor: data folder ${join(cwd, 'my money', 'account-monitor.sqlite')} is not a folder`,
    );
  });
});
