// The preload (sandboxed, CommonJS): the desktop bridge of src-shared/ipc.ts, for the one thing
// only Electron can do, moving the local API's port. Feature-detect with
// `window.accountMonitorDesktop`; in a browser it is absent. electron-vite bundles the contract's
// constants into this file (a sandboxed preload cannot load local modules at run time).
import { contextBridge, ipcRenderer } from 'electron';
import { type AccountMonitorDesktop, DESKTOP_BRIDGE, IPC_CHANNELS } from '../../src-shared/ipc.ts';

const desktop: AccountMonitorDesktop = {
  apiState: () => ipcRenderer.invoke(IPC_CHANNELS.apiState) as ReturnType<AccountMonitorDesktop['apiState']>,
  setApiPort: (port) =>
    ipcRenderer.invoke(IPC_CHANNELS.setApiPort, port) as ReturnType<AccountMonitorDesktop['setApiPort']>,
};
contextBridge.exposeInMainWorld(DESKTOP_BRIDGE, desktop);
