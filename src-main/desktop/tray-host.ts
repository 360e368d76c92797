// Can this desktop show our tray icon? On Linux, Electron's tray is a StatusNotifierItem, shown
// only where a host has registered with org.kde.StatusNotifierWatcher on the session bus (KDE,
// most panels, GNOME with the AppIndicator extension). Plain GNOME has none: an app that hid in
// the tray there would live on invisibly. macOS and Windows always have a tray.
// Asked with dbus-send (from dbus-bin, present wherever there is a session bus), with a deadline.
import { execFile } from 'node:child_process';

export type TrayHost = { shown: true } | { shown: false; reason: string };

export type RunCommand = (
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
) => Promise<{ ok: boolean; stdout: string; stderr: string; missing?: boolean }>;

const WATCHER = 'org.kde.StatusNotifierWatcher';
const NO_HOST =
  'this desktop shows no tray icons (no StatusNotifierItem host: on GNOME, install the AppIndicator extension)';

export const runCommand: RunCommand = (command, args, env) =>
  new Promise((resolve) => {
    execFile(command, args, { env, timeout: 3000, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({
        ok: error === null,
        stdout,
        stderr,
        missing: (error as NodeJS.ErrnoException | null)?.code === 'ENOENT',
      });
    });
  });

/**
 * ACCOUNT_MONITOR_TRAY=on|off overrides the detection: a panel with an old XEmbed tray (which the
 * detection cannot see) can keep the app in the tray; `off` makes closing the window quit.
 */
export function trayHostFromEnv(env: NodeJS.ProcessEnv): TrayHost | undefined {
  const value = env.ACCOUNT_MONITOR_TRAY?.trim().toLowerCase();
  if (value === 'on') return { shown: true };
  if (value === 'off') return { shown: false, reason: 'the tray is turned off (ACCOUNT_MONITOR_TRAY=off)' };
  return undefined;
}

export async function detectTrayHost(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  run: RunCommand = runCommand,
): Promise<TrayHost> {
  const forced = trayHostFromEnv(env);
  if (forced !== undefined) return forced;
  if (platform !== 'linux') return { shown: true };
  const answer = await run(
    'dbus-send',
    [
      '--session',
      '--print-reply=literal',
      '--reply-timeout=2000',
      `--dest=${WATCHER}`,
      '/StatusNotifierWatcher',
      'org.freedesktop.DBus.Properties.Get',
      `string:${WATCHER}`,
      'string:IsStatusNotifierHostRegistered',
    ],
    env,
  );
  if (answer.missing === true)
    return { shown: false, reason: 'cannot tell whether this desktop shows tray icons (dbus-send is not installed)' };
  if (answer.ok) return /\bboolean\s+true\b/.test(answer.stdout) ? { shown: true } : { shown: false, reason: NO_HOST };
  if (/ServiceUnknown|NameHasNoOwner|was not provided/i.test(answer.stderr)) return { shown: false, reason: NO_HOST };
  const detail = answer.stderr.trim().split('\n')[0] ?? '';
  return { shown: false, reason: `cannot tell whether this desktop shows tray icons (${detail || 'no session bus'})` };
}
