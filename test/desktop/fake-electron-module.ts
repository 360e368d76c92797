// fake-electron.ts as a module with Electron's named exports, for running the built bundle
// (out/main/index.js) under Node: see bundle-smoke.ts.
import { electronFake } from './fake-electron.ts';

export const {
  app,
  BrowserWindow,
  Tray,
  Notification,
  Menu,
  utilityProcess,
  nativeImage,
  clipboard,
  dialog,
  protocol,
  session,
  ipcMain,
  powerMonitor,
  net,
} = electronFake;
export default electronFake;
