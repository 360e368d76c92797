// The preload (sandboxed, CommonJS): the desktop bridge of src-shared/ipc.ts, for what only
// Electron can do: moving the local API's port, and launching at login. Feature-detect with
// `window.accountMonitorDesktop`; in a browser it is absent. electron-vite bundles the contract's
// constants into this file (a sandboxed preload cannot load local modules at run time).
import { contextBridge, ipcRenderer } from 'electron';
import { type AccountMonitorDesktop, DESKTOP_BRIDGE, IPC_CHANNELS } from '../../src-shared/ipc.ts';

const desktop: AccountMonitorDesktop = {
  apiState: () => ipcRenderer.invoke(IPC_CHANNELS.apiState) as ReturnType<AccountMonitorDesktop['apiState']>,
  setApiPort: (port) =>
    ipcRenderer.invoke(IPC_CHANNELS.setApiPort, port) as ReturnType<AccountMonitorDesktop['setApiPort']>,
  launchAtLogin: () =>
    ipcRenderer.invoke(IPC_CHANNELS.launchAtLogin) as ReturnType<AccountMonitorDesktop['launchAtLogin']>,
  setLaunchAtLogin: (enabled) =>
    ipcRenderer.invoke(IPC_CHANNELS.setLaunchAtLogin, enabled) as ReturnType<AccountMonitorDesktop['setLaunchAtLogin']>,
};
contextBridge.exposeInMainWorld(DESKTOP_BRIDGE, desktop);
