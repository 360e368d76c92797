// The preload (sandboxed, CommonJS): two named functions for the one thing only Electron can do,
// moving the local API's port. Feature-detect with `window.accountMonitorDesktop`; in a browser
// it is absent. Channel names repeat ipc.ts's (a sandboxed preload cannot import local modules
// at run time; the bundler would, but keeping this file self-contained keeps it obviously small).
import { contextBridge, ipcRenderer } from 'electron';

contextBridge.exposeInMainWorld('accountMonitorDesktop', {
  apiState: (): Promise<unknown> => ipcRenderer.invoke('account-monitor:api-state'),
  setApiPort: (port: number): Promise<unknown> => ipcRenderer.invoke('account-monitor:set-api-port', port),
});
