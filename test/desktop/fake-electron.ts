// A stand-in for the parts of Electron the main process uses, recording what it is asked to do,
// so the composition root (src-main/desktop/main.ts) runs under plain Node. It checks the wiring
// (what is registered, with which options, what each piece does when called), not Electron.
type Listener = (...args: unknown[]) => unknown;

export class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }
  emit(event: string, ...args: unknown[]): unknown[] {
    return (this.listeners.get(event) ?? []).map((l) => l(...args));
  }
}

export const recorded = {
  paths: new Map<string, string>(),
  schemes: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  windows: [] as FakeBrowserWindow[],
  trays: [] as FakeTray[],
  notifications: [] as FakeNotification[],
  ipc: new Map<string, Listener>(),
  clipboard: [] as string[],
  permissionRequest: undefined as Listener | undefined,
  permissionCheck: undefined as Listener | undefined,
  devicePermission: undefined as Listener | undefined,
  quitCalls: 0,
  exitCodes: [] as number[],
  errorBoxes: [] as string[],
  appUserModelId: undefined as string | undefined,
};

class FakeApp extends Emitter {
  isPackaged = false;
  setPath(name: string, value: string): void {
    recorded.paths.set(name, value);
  }
  requestSingleInstanceLock(): boolean {
    return true;
  }
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  getAppPath(): string {
    return process.cwd();
  }
  setAppUserModelId(id: string): void {
    recorded.appUserModelId = id;
  }
  quit(): void {
    recorded.quitCalls++;
  }
  exit(code: number): void {
    recorded.exitCodes.push(code);
  }
}
export const app = new FakeApp();

export class FakeBrowserWindow extends Emitter {
  readonly options: unknown;
  readonly webContents = new Emitter();
  url: string | undefined;
  reloads = 0;
  shown = 0;
  focused = 0;
  hidden = 0;
  constructor(options: unknown) {
    super();
    this.options = options;
    recorded.windows.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.url = url;
    return Promise.resolve();
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {
    /* never minimised here */
  }
  show(): void {
    this.shown++;
  }
  focus(): void {
    this.focused++;
  }
  hide(): void {
    this.hidden++;
  }
  reload(): void {
    this.reloads++;
  }
}

export class FakeTray extends Emitter {
  image: string;
  tooltip = '';
  menu: { label?: string; enabled?: boolean; click?: () => void; type?: string }[] = [];
  destroyed = false;
  constructor(image: { path: string }) {
    super();
    this.image = image.path;
    recorded.trays.push(this);
  }
  setImage(image: { path: string }): void {
    this.image = image.path;
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setContextMenu(menu: FakeTray['menu']): void {
    this.menu = menu;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

export class FakeNotification extends Emitter {
  static isSupported(): boolean {
    return true;
  }
  readonly options: { title: string; body: string };
  shown = false;
  constructor(options: { title: string; body: string }) {
    super();
    this.options = options;
    recorded.notifications.push(this);
  }
  show(): void {
    this.shown = true;
  }
}

export const electronFake = {
  app,
  BrowserWindow: FakeBrowserWindow,
  Tray: FakeTray,
  Notification: FakeNotification,
  Menu: { buildFromTemplate: (template: unknown) => template },
  nativeImage: { createFromPath: (path: string) => ({ path }) },
  clipboard: {
    writeText: (text: string) => {
      recorded.clipboard.push(text);
      return Promise.resolve();
    },
  },
  dialog: {
    showErrorBox: (title: string, text: string) => {
      recorded.errorBoxes.push(`${title}: ${text}`);
    },
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => {
      recorded.schemes.push(...schemes);
    },
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
      recorded.protocolHandlers.set(scheme, handler);
    },
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler: (h: Listener) => {
        recorded.permissionRequest = h;
      },
      setPermissionCheckHandler: (h: Listener) => {
        recorded.permissionCheck = h;
      },
      setDevicePermissionHandler: (h: Listener) => {
        recorded.devicePermission = h;
      },
    },
  },
  ipcMain: {
    handle: (channel: string, listener: Listener) => {
      recorded.ipc.set(channel, listener);
    },
  },
};
