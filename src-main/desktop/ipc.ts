// The only IPC: what a browser page cannot do itself, moving the local API to another port.
// Channels and payloads are the contract's (src-shared/ipc.ts). Inputs are untrusted (checked
// sender, validated port); answers are plain data.
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { type AccountMonitorDesktop, IPC_CHANNELS } from '../../src-shared/ipc.ts';
import { readPort } from '../../src-shared/port.ts';
import type { LocalApi } from './local-api.ts';
import { isAppUrl } from './policy.ts';

function fromOurPage(event: IpcMainInvokeEvent): boolean {
  return isAppUrl(event.senderFrame?.url ?? '');
}

export function setupIpc(localApi: LocalApi, savePort: (port: number) => void): void {
  ipcMain.handle(IPC_CHANNELS.apiState, (event): Awaited<ReturnType<AccountMonitorDesktop['apiState']>> =>
    fromOurPage(event) ? localApi.state() : { error: 'refused' },
  );
  ipcMain.handle(
    IPC_CHANNELS.setApiPort,
    async (event, value: unknown): ReturnType<AccountMonitorDesktop['setApiPort']> => {
      if (!fromOurPage(event)) return { ok: false, message: 'refused' };
      const asked = readPort(value, { userPortsOnly: true });
      if (!asked.ok) return { ok: false, message: asked.problem };
      const change = await localApi.changePort(asked.port);
      if (change.ok) savePort(asked.port);
      return change;
    },
  );
}
