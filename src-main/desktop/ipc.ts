// The only IPC: what a browser page cannot do itself, moving the local API to another port and
// launching the app at login.
// Channels and payloads are the contract's (src-shared/ipc.ts). Inputs are untrusted (checked
// sender, validated port); answers are plain data.
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { type AccountMonitorDesktop, IPC_CHANNELS } from '../../src-shared/ipc.ts';
import { readPort } from '../../src-shared/port.ts';
import type { LocalApi } from './local-api.ts';
import type { LaunchAtLogin } from './login-item.ts';
import { isAppUrl } from './policy.ts';

function fromOurPage(event: IpcMainInvokeEvent): boolean {
  return isAppUrl(event.senderFrame?.url ?? '');
}

const REFUSED = { ok: false, message: 'refused' } as const;

/** What the IPC answers from, once start-up has made it. */
export interface IpcServices {
  localApi: LocalApi;
  savePort: (port: number) => void;
  launchAtLogin: LaunchAtLogin;
}

/**
 * Registers every channel at once, beside app://'s handler (security.ts), so a window shown early
 * (a second launch, macOS's activate) whose page asks straight away never finds a channel missing
 * (Electron rejects an invoke with no handler: "No handler registered"); each answer waits for
 * start-up to have made what it needs.
 */
export function setupIpc(services: Promise<IpcServices>): void {
  ipcMain.handle(IPC_CHANNELS.apiState, async (event): ReturnType<AccountMonitorDesktop['apiState']> =>
    fromOurPage(event) ? (await services).localApi.state() : { error: 'refused' },
  );
  ipcMain.handle(
    IPC_CHANNELS.setApiPort,
    async (event, value: unknown): ReturnType<AccountMonitorDesktop['setApiPort']> => {
      if (!fromOurPage(event)) return REFUSED;
      const asked = readPort(value, { userPortsOnly: true });
      if (!asked.ok) return { ok: false, message: asked.problem };
      const { localApi, savePort } = await services;
      const change = await localApi.changePort(asked.port);
      if (change.ok) savePort(asked.port);
      return change;
    },
  );
  ipcMain.handle(IPC_CHANNELS.launchAtLogin, async (event): ReturnType<AccountMonitorDesktop['launchAtLogin']> =>
    fromOurPage(event) ? (await services).launchAtLogin.state() : REFUSED,
  );
  ipcMain.handle(
    IPC_CHANNELS.setLaunchAtLogin,
    async (event, value: unknown): ReturnType<AccountMonitorDesktop['setLaunchAtLogin']> => {
      if (!fromOurPage(event)) return REFUSED;
      if (typeof value !== 'boolean') return { ok: false, message: 'expected true or false' };
      return (await services).launchAtLogin.set(value);
    },
  );
}
