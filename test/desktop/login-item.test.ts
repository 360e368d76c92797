// Launch at login: the XDG autostart entry on Linux (its content, where it goes, removed again)
// and Electron's login items on macOS and Windows, through a recording fake of Electron's app.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  autostartEntry,
  autostartPath,
  dataDirArgument,
  execArgument,
  LaunchAtLogin,
  startedHidden,
  windowsArgument,
} from '../../src-main/desktop/login-item.ts';
import { app, fakeSystem, recorded } from './fake-electron.ts';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'am-login-'));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

// XDG paths are POSIX paths, and on Windows a folder that is not absolute in POSIX terms would send
// the entry to the real ~/.config: Linux's feature, tested on Linux.
describe.skipIf(process.platform === 'win32')('the XDG autostart entry (Linux only)', () => {
  it('goes under XDG_CONFIG_HOME, else ~/.config (a relative XDG_CONFIG_HOME is ignored, as the spec says)', () => {
    expect(autostartPath({ XDG_CONFIG_HOME: '/x/conf' })).toBe(
      '/x/conf/autostart/uk.co.accountmonitor.desktop.desktop',
    );
    expect(autostartPath({})).toBe(join(homedir(), '.config', 'autostart', 'uk.co.accountmonitor.desktop.desktop'));
    expect(autostartPath({ XDG_CONFIG_HOME: 'relative' })).toBe(autostartPath({}));
  });

  it('starts the app hidden, with the data folder it was started with, quoted as the spec says', () => {
    const entry = autostartEntry({
      platform: 'linux',
      env: {},
      command: ['/opt/Account Monitor/account-monitor'],
      dataDir: '/data/my money',
    });
    expect(entry).toBe(
      [
        '[Desktop Entry]',
        'Type=Application',
        'Name=Account Monitor',
        'Comment=Watches a prepaid hosting balance and warns before it runs out',
        'Exec=env "ACCOUNT_MONITOR_DATA_DIR=/data/my money" "/opt/Account Monitor/account-monitor" --hidden',
        'Terminal=false',
        'X-GNOME-Autostart-enabled=true',
        'X-GNOME-Autostart-Delay=5',
        'X-KDE-autostart-after=panel',
        '',
      ].join('\n'),
    );
    expect(execArgument('100%')).toBe('100%%');
    expect(execArgument('a"b$c`d\\e')).toBe('"a\\\\"b\\\\$c\\\\`d\\\\\\\\e"');
    expect(execArgument('/usr/bin/electron')).toBe('/usr/bin/electron');
  });

  it('is written when turned on and removed when turned off', () => {
    const env = { XDG_CONFIG_HOME: home };
    const login = new LaunchAtLogin(app, { platform: 'linux', env, command: ['/usr/lib/electron', '/src/app'] });
    expect(login.state()).toEqual({ supported: true, enabled: false, problem: null });
    expect(login.set(true)).toEqual({ supported: true, enabled: true, problem: null });
    expect(readFileSync(autostartPath(env), 'utf8')).toContain('Exec=/usr/lib/electron /src/app --hidden\n');
    expect(login.set(false)).toEqual({ supported: true, enabled: false, problem: null });
    expect(existsSync(autostartPath(env))).toBe(false);
    expect(recorded.loginItems).toEqual([]); // Linux has no login items of Electron's
  });

  it('says why when the entry cannot be written', () => {
    const notAFolder = join(home, 'a-file');
    writeFileSync(notAFolder, '');
    const login = new LaunchAtLogin(app, { platform: 'linux', env: { XDG_CONFIG_HOME: notAFolder }, command: ['/e'] });
    const state = login.set(true);
    expect(state.enabled).toBe(false);
    expect(state.problem).toMatch(/ENOTDIR/);
  });
});

describe("Electron's login items (macOS, Windows)", () => {
  const platform = fakeSystem.platform;
  const execPath = fakeSystem.execPath;
  afterEach(() => {
    fakeSystem.platform = platform;
    fakeSystem.execPath = execPath;
    app.setLoginItemSettings({ openAtLogin: false });
  });

  it('on Windows, packaged: the app with --hidden, found again by the same path and arguments', () => {
    fakeSystem.platform = 'win32';
    fakeSystem.execPath = 'C:\\Program Files\\Account Monitor\\Account Monitor.exe';
    const login = new LaunchAtLogin(app, { platform: 'win32', env: {}, command: [fakeSystem.execPath] });
    expect(login.set(true).enabled).toBe(true);
    expect(recorded.loginItems.at(-1)).toEqual({ openAtLogin: true, path: fakeSystem.execPath, args: ['--hidden'] });
    expect(login.set(false).enabled).toBe(false);
  });

  it('on Windows under npm start: Electron with the app folder (quoted) and the data folder, not a bare electron.exe', () => {
    fakeSystem.platform = 'win32';
    fakeSystem.execPath = 'C:\\src\\am\\node_modules\\electron\\dist\\electron.exe';
    const login = new LaunchAtLogin(app, {
      platform: 'win32',
      env: {},
      command: [fakeSystem.execPath, 'C:\\Users\\Zoë Test\\src\\am'],
      dataDir: 'C:\\Users\\Zoë Test\\Money',
    });
    expect(login.set(true)).toEqual({ supported: true, enabled: true, problem: null });
    expect(recorded.loginItems.at(-1)).toEqual({
      openAtLogin: true,
      path: fakeSystem.execPath,
      args: ['"C:\\Users\\Zoë Test\\src\\am"', '"--data-dir=C:\\Users\\Zoë Test\\Money"', '--hidden'],
    });
    // What Windows runs at login reads back as the data folder.
    expect(
      dataDirArgument([
        'electron.exe',
        'C:\\Users\\Zoë Test\\src\\am',
        '--data-dir=C:\\Users\\Zoë Test\\Money',
        '--hidden',
      ]),
    ).toBe('C:\\Users\\Zoë Test\\Money');
    expect(dataDirArgument(['electron.exe', '--hidden'])).toBeUndefined();
    // Asked with other arguments (a bare electron.exe --hidden), Electron says it is not on.
    expect(app.getLoginItemSettings({ args: ['--hidden'] }).openAtLogin).toBe(false);
  });

  it('quotes a Windows argument as the command line is read back', () => {
    expect(windowsArgument('--hidden')).toBe('--hidden');
    expect(windowsArgument('C:\\a b\\')).toBe('"C:\\a b\\\\"');
    expect(windowsArgument('say "hi"')).toBe('"say \\"hi\\""');
    expect(windowsArgument('')).toBe('""');
  });

  it('on macOS 13+, without arguments: the "start hidden" preference says a login start, since wasOpenedAtLogin never does', () => {
    fakeSystem.platform = 'darwin';
    let kept = false;
    const startHidden = {
      read: () => kept,
      write: (value: boolean) => {
        kept = value;
      },
    };
    const login = new LaunchAtLogin(app, {
      platform: 'darwin',
      env: {},
      command: ['/Applications/A.app'],
      startHidden,
    });
    expect(startedHidden(['/A'], app, 'darwin', startHidden)).toBe(false);
    expect(login.set(true).enabled).toBe(true);
    expect(recorded.loginItems.at(-1)).toEqual({ openAtLogin: true });
    expect(app.getLoginItemSettings().wasOpenedAtLogin).toBe(false);
    expect(startedHidden(['/A'], app, 'darwin', startHidden)).toBe(true);
    login.set(false);
    expect(startedHidden(['/A'], app, 'darwin', startHidden)).toBe(false);
    // An older macOS that still reports it is believed too; elsewhere only --hidden counts.
    expect(
      startedHidden(['/A'], { getLoginItemSettings: () => ({ openAtLogin: true, wasOpenedAtLogin: true }) }, 'darwin'),
    ).toBe(true);
    expect(startedHidden(['/A', '--hidden'], app, 'linux')).toBe(true);
    expect(startedHidden(['/A'], app, 'win32', startHidden)).toBe(false);
  });

  it('is not offered where there is no way to do it', () => {
    expect(new LaunchAtLogin(app, { platform: 'freebsd', env: {}, command: [] }).state()).toEqual({
      supported: false,
      enabled: false,
      problem: 'not available on freebsd',
    });
  });
});
