// The only IPC: what a browser page cannot do itself, moving the local API to another port.
// Inputs are untrusted (checked sender, validated port); answers are plain data.
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { LocalApi, LocalApiState, PortChange } from './local-api.ts';
import { isAppUrl, parsePortRequest } from './policy.ts';

export const IPC_API_STATE = 'account-monitor:api-state';
export const IPC_SET_API_PORT = 'account-monitor:set-api-port';

function fromOurPage(event: IpcMainInvokeEvent): boolean {
  return isAppUrl(event.senderFrame?.url ?? '');
}

export function setupIpc(localApi: LocalApi, savePort: (port: number) => void): void {
  ipcMain.handle(IPC_API_STATE, (event): LocalApiState | { error: string } => (fromOurPage(event) ? localApi.state() : { error: 'refused' }));
  ipcMain.handle(IPC_SET_API_PORT, async (event, value: unknown): Promise<PortChange | { ok: false; message: string }> => {
    if (!fromOurPage(event)) return { ok: false, message: 'refused' };
    const port = parsePortRequest(value);
    if (typeof port === 'string') return { ok: false, message: port };
    const change = await localApi.changePort(port);
    if (change.ok) savePort(port);
    return change;
  });
}
