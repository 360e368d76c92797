// The desktop bridge: the few things only Electron can do, as the preload exposes them to the
// window (`window.accountMonitorDesktop`, absent in a browser) and as the main process answers
// them over IPC. The channel names and every payload are declared here once.

/** Where the bridge appears on `window`. */
export const DESKTOP_BRIDGE = 'accountMonitorDesktop';

/** IPC channel of each bridge function. */
export const IPC_CHANNELS = {
  apiState: 'account-monitor:api-state',
  setApiPort: 'account-monitor:set-api-port',
  launchAtLogin: 'account-monitor:launch-at-login',
  setLaunchAtLogin: 'account-monitor:set-launch-at-login',
} as const satisfies Record<keyof AccountMonitorDesktop, string>;

export interface LocalApiState {
  listening: boolean;
  url: string | null;
  /** The port asked for (0: any free port). */
  port: number;
  /** Why it is not listening, in one line. */
  problem: string | null;
}

export type PortChange = { ok: true; state: LocalApiState } | { ok: false; message: string; state: LocalApiState };

/** Whether the app starts (hidden, in the tray) when the user logs in. */
export interface LaunchAtLoginState {
  /** False where this platform has no way to do it. */
  supported: boolean;
  enabled: boolean;
  /** Why the last change did not happen, in one line. */
  problem: string | null;
}

/** The main process refused the call (it came from a page that is not ours, or bad input). */
export interface Refused {
  ok: false;
  message: string;
}

export interface AccountMonitorDesktop {
  /** Where the local API listens now, or why it does not. */
  apiState(): Promise<LocalApiState | { error: string }>;
  /** Moves the local API to `port` (0: any free port) and remembers it; a busy port is a message. */
  setApiPort(port: number): Promise<PortChange | Refused>;
  /** Whether the app starts at login (off unless the user turned it on). */
  launchAtLogin(): Promise<LaunchAtLoginState | Refused>;
  setLaunchAtLogin(enabled: boolean): Promise<LaunchAtLoginState | Refused>;
}
