// Can this desktop show our tray icon? On Linux, Electron's tray is a StatusNotifierItem, shown
// only where a host has registered with org.kde.StatusNotifierWatcher on the session bus (KDE,
// most panels, GNOME with the AppIndicator extension). Plain GNOME has none: an app that hid in
// the tray there would live on invisibly. macOS and Windows always have a tray.
// Asked with dbus-send (from dbus-bin, present wherever there is a session bus), with a deadline.
// And after the tray is made, whether our own item did register with the watcher: at login the
// panel may start after the app, and an item offered before the watcher was there is never
// shown (confirmTrayItem retries, and says so when it never appears).
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

/** One property of the StatusNotifierWatcher on the session bus, asked with dbus-send. */
function watcherProperty(name: string, env: NodeJS.ProcessEnv, run: RunCommand): ReturnType<RunCommand> {
  return run(
    'dbus-send',
    [
      '--session',
      '--print-reply=literal',
      '--reply-timeout=2000',
      `--dest=${WATCHER}`,
      '/StatusNotifierWatcher',
      'org.freedesktop.DBus.Properties.Get',
      `string:${WATCHER}`,
      `string:${name}`,
    ],
    env,
  );
}

export async function detectTrayHost(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  run: RunCommand = runCommand,
): Promise<TrayHost> {
  const forced = trayHostFromEnv(env);
  if (forced !== undefined) return forced;
  if (platform !== 'linux') return { shown: true };
  const answer = await watcherProperty('IsStatusNotifierHostRegistered', env, run);
  if (answer.missing === true)
    return { shown: false, reason: 'cannot tell whether this desktop shows tray icons (dbus-send is not installed)' };
  if (answer.ok) return /\bboolean\s+true\b/.test(answer.stdout) ? { shown: true } : { shown: false, reason: NO_HOST };
  if (/ServiceUnknown|NameHasNoOwner|was not provided/i.test(answer.stderr)) return { shown: false, reason: NO_HOST };
  const detail = answer.stderr.trim().split('\n')[0] ?? '';
  return { shown: false, reason: `cannot tell whether this desktop shows tray icons (${detail || 'no session bus'})` };
}

/**
 * Whether the watcher lists this process's item. Chromium names a tray item's bus service
 * org.kde.StatusNotifierItem-<pid>-<n>, and the watcher lists what registered.
 */
export async function trayItemRegistered(pid: number, env: NodeJS.ProcessEnv, run: RunCommand): Promise<boolean> {
  const answer = await watcherProperty('RegisteredStatusNotifierItems', env, run);
  return answer.ok && answer.stdout.includes(`org.kde.StatusNotifierItem-${String(pid)}-`);
}

export interface TrayConfirmation {
  /** Is the item registered now? */
  registered: () => Promise<boolean>;
  /** Makes the tray again (offers the item again to a watcher that came late). */
  recreate: () => void;
  /** Waits before the next look (the caller's clock; a test's is immediate). */
  wait: (ms: number) => Promise<void>;
  /** Looks after the first; each waits twice as long as the one before, from `firstWaitMs`. */
  retries?: number;
  firstWaitMs?: number;
}

/** True once the item is registered; false when it still is not after every retry. */
export async function confirmTrayItem(c: TrayConfirmation): Promise<boolean> {
  const retries = c.retries ?? 4;
  let waitMs = c.firstWaitMs ?? 1000;
  for (let attempt = 0; ; attempt++) {
    if (await c.registered()) return true;
    if (attempt === retries) return false;
    if (attempt > 0) c.recreate();
    await c.wait(waitMs);
    waitMs *= 2;
  }
}

/**
 * On Linux, once the tray exists and a host was found: confirms our item appeared, making it again
 * while the panel may still be starting (a login start); when it never appears, `onNever` (the
 * window shows, and closing it quits). Not when ACCOUNT_MONITOR_TRAY decides (an XEmbed panel the
 * watcher cannot see).
 */
export function confirmTrayOnLinux(options: {
  env: NodeJS.ProcessEnv;
  recreate: () => void;
  onNever: () => void;
  platform?: NodeJS.Platform;
  pid?: number;
  run?: RunCommand;
  wait?: (ms: number) => Promise<void>;
}): Promise<boolean> | undefined {
  if ((options.platform ?? process.platform) !== 'linux' || trayHostFromEnv(options.env) !== undefined)
    return undefined;
  const pid = options.pid ?? process.pid;
  const run = options.run ?? runCommand;
  return confirmTrayItem({
    registered: () => trayItemRegistered(pid, options.env, run),
    recreate: options.recreate,
    wait:
      options.wait ??
      ((ms) =>
        new Promise((done) => {
          setTimeout(done, ms);
        })),
  }).then((shown) => {
    if (!shown) options.onNever();
    return shown;
  });
}
