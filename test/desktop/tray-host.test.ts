// Whether the desktop shows tray icons: asked on a real private D-Bus session bus (dbus-daemon
// from Debian), where no StatusNotifierWatcher runs, and how each answer of dbus-send is read.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectTrayHost, runCommand, type RunCommand } from '../../src-main/desktop/tray-host.ts';

const answers =
  (answer: Awaited<ReturnType<RunCommand>>): RunCommand =>
  () =>
    Promise.resolve(answer);

describe('detectTrayHost', () => {
  it('trusts macOS and Windows, and ACCOUNT_MONITOR_TRAY', async () => {
    const never: RunCommand = () => Promise.reject(new Error('not asked'));
    expect(await detectTrayHost('darwin', {}, never)).toEqual({ shown: true });
    expect(await detectTrayHost('win32', {}, never)).toEqual({ shown: true });
    expect(await detectTrayHost('linux', { ACCOUNT_MONITOR_TRAY: 'on' }, never)).toEqual({ shown: true });
    expect(await detectTrayHost('linux', { ACCOUNT_MONITOR_TRAY: 'off' }, never)).toMatchObject({ shown: false });
  });

  it('reads the watcher: a registered host, none, no watcher, no dbus-send', async () => {
    expect(
      await detectTrayHost('linux', {}, answers({ ok: true, stdout: '   variant       boolean true\n', stderr: '' })),
    ).toEqual({ shown: true });
    expect(
      await detectTrayHost('linux', {}, answers({ ok: true, stdout: '   variant       boolean false\n', stderr: '' })),
    ).toMatchObject({
      shown: false,
      reason: expect.stringContaining('AppIndicator extension') as unknown,
    });
    expect(await detectTrayHost('linux', {}, answers({ ok: false, stdout: '', stderr: '', missing: true }))).toEqual({
      shown: false,
      reason: 'cannot tell whether this desktop shows tray icons (dbus-send is not installed)',
    });
  });
});

describe.skipIf(process.platform !== 'linux')('on a real private session bus', () => {
  let daemon: ChildProcess | undefined;
  let address = '';
  beforeAll(async () => {
    daemon = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    address = await new Promise<string>((resolve, reject) => {
      daemon?.on('error', reject);
      daemon?.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        resolve(chunk.trim().split('\n')[0] ?? '');
      });
    });
  });
  afterAll(() => {
    daemon?.kill();
  });

  it('finds no tray host when no StatusNotifierWatcher runs (plain GNOME)', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: address };
    delete env.ACCOUNT_MONITOR_TRAY;
    expect(await detectTrayHost('linux', env, runCommand)).toEqual({
      shown: false,
      reason:
        'this desktop shows no tray icons (no StatusNotifierItem host: on GNOME, install the AppIndicator extension)',
    });
  });

  it('cannot tell without a session bus, and says so', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/am-no-bus' };
    delete env.ACCOUNT_MONITOR_TRAY;
    expect(await detectTrayHost('linux', env, runCommand)).toMatchObject({
      shown: false,
      reason: expect.stringMatching(/^cannot tell whether this desktop shows tray icons \(/) as unknown,
    });
  });
});
