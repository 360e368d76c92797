// The preload (sandboxed, CommonJS): two named functions for the one thing only Electron can do,
// moving the local API's port. Feature-detect with `window.accountMonitorDesktop`; in a browser
// it is absent. Channel names repeat ipc.ts's (a sandboxed preload cannot import local modules
// at run time; only a type is imported, which the bundler erases).
import { contextBridge, ipcRenderer } from 'electron';
import type { AccountMonitorDesktop } from './preload-api.ts';

const desktop: AccountMonitorDesktop = {
  apiState: () => ipcRenderer.invoke('account-monitor:api-state') as ReturnType<AccountMonitorDesktop['apiState']>,
  setApiPort: (port) => ipcRenderer.invoke('account-monitor:set-api-port', port) as ReturnType<AccountMonitorDesktop['setApiPort']>,
};
contextBridge.exposeInMainWorld('accountMonitorDesktop', desktop);
