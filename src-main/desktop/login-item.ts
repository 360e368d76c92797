// Launch at login, off by default, switched from the window (desktop app only). macOS and
// Windows: Electron's login items. Linux: an XDG autostart entry,
// $XDG_CONFIG_HOME/autostart/<app id>.desktop (~/.config when unset), written and removed by the
// setting. Either way the app starts hidden in the tray: Linux and Windows pass `--hidden`; macOS
// 13 and later take no arguments for a login item and, with the SMAppService backend Electron
// uses there, never report `wasOpenedAtLogin`, so on macOS turning it on also keeps the
// preference "start hidden" (startedHidden reads it). Where no tray can be shown the window opens
// anyway (main.ts). A data folder chosen for this start (ACCOUNT_MONITOR_DATA_DIR, already
// absolute: config.ts resolves it) goes with the login start: in the Linux entry's environment,
// as `--data-dir=` on Windows; macOS's login items carry nothing, so there it is the default folder.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { LaunchAtLoginState } from '../../src-shared/ipc.ts';
import { APP_USER_MODEL_ID } from './app-id.ts';
import { messageOf } from '../../src-shared/message-of.ts';

export const HIDDEN_ARG = '--hidden';
const DATA_DIR_ARG = '--data-dir=';

/** The part of Electron's `app` this needs (a recording fake in the tests). */
export interface LoginItemApp {
  setLoginItemSettings(settings: { openAtLogin: boolean; path?: string; args?: string[] }): void;
  getLoginItemSettings(options?: { path?: string; args?: string[] }): {
    openAtLogin: boolean;
    wasOpenedAtLogin?: boolean;
  };
}

/** Where the "start hidden" preference lives (desktop.json in the data folder). */
export interface StartHiddenPreference {
  read(): boolean;
  write(startHidden: boolean): void;
}

export interface LaunchContext {
  platform: NodeJS.Platform;
  /** For XDG_CONFIG_HOME. */
  env: NodeJS.ProcessEnv;
  /** The command that starts this app: the packaged executable, or Electron and the app's folder. */
  command: string[];
  /** The data folder chosen for this start (absolute); undefined for the per-OS default. */
  dataDir?: string | undefined;
  /** macOS: kept with the login item (see above). */
  startHidden?: StartHiddenPreference | undefined;
}

/** Where the Linux autostart entry lives. */
export function autostartPath(env: NodeJS.ProcessEnv): string {
  const configHome = env.XDG_CONFIG_HOME?.trim();
  return join(
    configHome !== undefined && configHome !== '' && configHome.startsWith('/')
      ? configHome
      : join(homedir(), '.config'),
    'autostart',
    `${APP_USER_MODEL_ID}.desktop`,
  );
}

/** One argument of a desktop entry's Exec key, quoted as the Desktop Entry Specification says. */
export function execArgument(arg: string): string {
  const field = arg.replace(/%/g, '%%');
  if (!/[\s"'\\><~|&;$*?#()`]/.test(field) && field !== '') return field;
  // Inside double quotes, ", `, $ and \ take a backslash; the string value then escapes each backslash again.
  return `"${field.replace(/(["`$\\])/g, '\\$1')}"`.replace(/\\/g, '\\\\');
}

/** The autostart entry: the app started hidden in the tray, with the data folder it was started with. */
export function autostartEntry(context: LaunchContext): string {
  const { dataDir } = context;
  const command = [
    ...(dataDir === undefined ? [] : ['env', `ACCOUNT_MONITOR_DATA_DIR=${dataDir}`]),
    ...context.command,
    HIDDEN_ARG,
  ];
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Account Monitor',
    'Comment=Watches a prepaid hosting balance and warns before it runs out',
    `Exec=${command.map(execArgument).join(' ')}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    // Started after the panel, whose tray the app lives in (GNOME waits the seconds, KDE for the panel).
    'X-GNOME-Autostart-Delay=5',
    'X-KDE-autostart-after=panel',
    '',
  ].join('\n');
}

export class LaunchAtLogin {
  readonly #app: LoginItemApp;
  readonly #context: LaunchContext;

  constructor(app: LoginItemApp, context: LaunchContext) {
    this.#app = app;
    this.#context = context;
  }

  state(): LaunchAtLoginState {
    const { platform, env } = this.#context;
    if (platform === 'linux') return { supported: true, enabled: existsSync(autostartPath(env)), problem: null };
    if (platform === 'darwin' || platform === 'win32')
      return {
        supported: true,
        enabled: this.#app.getLoginItemSettings(this.#itemOptions()).openAtLogin,
        problem: null,
      };
    return { supported: false, enabled: false, problem: `not available on ${platform}` };
  }

  set(enabled: boolean): LaunchAtLoginState {
    const { platform, env } = this.#context;
    try {
      if (platform === 'linux') {
        const file = autostartPath(env);
        if (enabled) {
          mkdirSync(join(file, '..'), { recursive: true });
          // Write then rename, so a crash never leaves half an entry.
          writeFileSync(`${file}.tmp`, autostartEntry(this.#context));
          renameSync(`${file}.tmp`, file);
        } else rmSync(file, { force: true });
      } else if (platform === 'darwin' || platform === 'win32') {
        this.#app.setLoginItemSettings({ openAtLogin: enabled, ...this.#itemOptions() });
        if (platform === 'darwin') this.#context.startHidden?.write(enabled);
      }
    } catch (error: unknown) {
      return { ...this.state(), problem: messageOf(error) };
    }
    return this.state();
  }

  /**
   * Windows: the executable and its arguments, the same when set and when asked (Electron finds
   * the item by both): the app's folder after Electron's own executable under `npm start`, the
   * data folder, `--hidden`; each quoted where it has a space ("Take care to wrap paths in
   * quotes", app.md). macOS 13+ takes none.
   */
  #itemOptions(): { path?: string; args?: string[] } {
    const { platform, command, dataDir } = this.#context;
    if (platform !== 'win32') return {};
    const [path, ...rest] = command;
    return {
      ...(path === undefined ? {} : { path }),
      args: [...rest, ...(dataDir === undefined ? [] : [`${DATA_DIR_ARG}${dataDir}`]), HIDDEN_ARG].map(windowsArgument),
    };
  }
}

/** One argument of a Windows command line: quoted when it has a space or a quote (CommandLineToArgvW's rules). */
export function windowsArgument(arg: string): string {
  if (arg !== '' && !/[\s"]/.test(arg)) return arg;
  // Backslashes are literal except before a quote: those before an inner quote, and those at the
  // end (before the closing quote), are doubled.
  const escaped = arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, '$1$1');
  return `"${escaped}"`;
}

/** The data folder a login start on Windows was given (`--data-dir=`), if any. */
export function dataDirArgument(argv: readonly string[]): string | undefined {
  const arg = argv.find((a) => a.startsWith(DATA_DIR_ARG));
  const dir = arg?.slice(DATA_DIR_ARG.length).trim();
  return dir === undefined || dir === '' ? undefined : dir;
}

/**
 * Started by the login item to stay in the tray? `--hidden` says so on Linux and Windows; on
 * macOS the "start hidden" preference kept with the login item does (wasOpenedAtLogin where an
 * older macOS still reports it).
 */
export function startedHidden(
  argv: string[],
  app: Pick<LoginItemApp, 'getLoginItemSettings'>,
  platform: NodeJS.Platform,
  startHidden?: StartHiddenPreference,
): boolean {
  if (argv.includes(HIDDEN_ARG)) return true;
  if (platform !== 'darwin') return false;
  return startHidden?.read() === true || app.getLoginItemSettings().wasOpenedAtLogin === true;
}
