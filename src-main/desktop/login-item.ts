// Launch at login, off by default, switched from the window (desktop app only). macOS and
// Windows: Electron's login items. Linux: an XDG autostart entry,
// $XDG_CONFIG_HOME/autostart/<app id>.desktop (~/.config when unset), written and removed by the
// setting. Either way the app starts hidden in the tray (`--hidden`; on macOS 13 and later, where
// a login item takes no arguments, `wasOpenedAtLogin` says the same); where no tray can be shown
// the window opens anyway (main.ts).
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { LaunchAtLoginState } from '../../src-shared/ipc.ts';
import { APP_USER_MODEL_ID } from './app-id.ts';
import { messageOf } from '../../src-shared/message-of.ts';

export const HIDDEN_ARG = '--hidden';

/** The part of Electron's `app` this needs (a recording fake in the tests). */
export interface LoginItemApp {
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void;
  getLoginItemSettings(options?: { args?: string[] }): { openAtLogin: boolean; wasOpenedAtLogin?: boolean };
}

export interface LaunchContext {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The command that starts this app: the packaged executable, or Electron and the app's folder. */
  command: string[];
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
  const dataDir = context.env.ACCOUNT_MONITOR_DATA_DIR?.trim();
  const command = [
    ...(dataDir === undefined || dataDir === '' ? [] : ['env', `ACCOUNT_MONITOR_DATA_DIR=${dataDir}`]),
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
      }
    } catch (error: unknown) {
      return { ...this.state(), problem: messageOf(error) };
    }
    return this.state();
  }

  #itemOptions(): { args?: string[] } {
    // Windows passes arguments to a login item; macOS 13+ takes none (wasOpenedAtLogin instead).
    return this.#context.platform === 'win32' ? { args: [HIDDEN_ARG] } : {};
  }
}

/** Started by the login item to stay in the tray? */
export function startedHidden(
  argv: string[],
  app: Pick<LoginItemApp, 'getLoginItemSettings'>,
  platform: NodeJS.Platform,
): boolean {
  if (argv.includes(HIDDEN_ARG)) return true;
  return platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin === true;
}
