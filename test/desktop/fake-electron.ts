// A stand-in for the parts of Electron the main process uses, recording what it is asked to do,
// so the composition root (src-main/desktop/main.ts) runs under plain Node. It behaves as
// Electron 45's documentation says where a real start would trip over it:
// - `ready` comes after the main script has run; BrowserWindow, Tray and protocol.handle are
//   refused before it, registerSchemesAsPrivileged after it;
// - loadURL fails (ERR_UNKNOWN_URL_SCHEME) for a scheme nobody handles, and a window is
//   `ready-to-show` only once its page has loaded;
// - a destroyed Tray throws "Object has been destroyed" from every method;
// - dialog.showErrorBox before `ready` on Linux only prints to stderr: nothing is shown;
// - app.quit() runs before-quit, closes the windows, will-quit and quit, each preventable as in
//   Electron; app.exit() ends without them;
// - a Notification may fail to show (macOS unsigned builds): `failed` instead of `show`.
type Listener = (...args: unknown[]) => unknown;

export class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(event, wrapped);
      return listener(...args);
    };
    return this.on(event, wrapped);
  }
  off(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    );
    return this;
  }
  emit(event: string, ...args: unknown[]): unknown[] {
    return [...(this.listeners.get(event) ?? [])].map((l) => l(...args));
  }
}

/** A preventable Electron event. */
export function electronEvent(extra: Record<string, unknown> = {}): {
  preventDefault(): void;
  defaultPrevented: boolean;
} {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
    ...extra,
  };
  return event;
}

export const recorded = {
  paths: new Map<string, string>(),
  schemes: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  windows: [] as FakeBrowserWindow[],
  trays: [] as FakeTray[],
  /** Weakly: a Notification nobody keeps may be collected, as in Electron (see notifications.test.ts). */
  notifications: [] as WeakRef<FakeNotification>[],
  /** What every notification said, kept strongly for assertions. */
  notes: [] as {
    title: string;
    body: string;
    outcome: 'pending' | 'shown' | 'failed';
    urgency?: string;
    id?: string;
    actions?: { type: string; text?: string }[];
    closed: boolean;
  }[],
  ipc: new Map<string, Listener>(),
  clipboard: [] as string[],
  permissionRequest: undefined as Listener | undefined,
  permissionCheck: undefined as Listener | undefined,
  devicePermission: undefined as Listener | undefined,
  quitCalls: 0,
  /** Set once the app has really ended (after `quit`, or by app.exit). */
  exitCode: undefined as number | undefined,
  errorBoxes: [] as string[],
  /** showErrorBox before `ready` on Linux: printed to stderr, no dialog. */
  errorBoxesPrinted: [] as string[],
  appUserModelId: undefined as string | undefined,
  loginItems: [] as Record<string, unknown>[],
  /** Every call that Electron would have refused, with what it said. */
  refused: [] as string[],
};

/** Notifications still reachable (not collected). */
export function liveNotifications(): FakeNotification[] {
  return recorded.notifications.map((r) => r.deref()).filter((n): n is FakeNotification => n !== undefined);
}

function refuse(message: string): never {
  recorded.refused.push(message);
  throw new Error(message);
}

class FakeApp extends Emitter {
  isPackaged = false;
  #ready = false;
  #readyPromise: Promise<void> | undefined;
  #quitting = false;
  #loginItem: { openAtLogin: boolean; args?: string[] } = { openAtLogin: false };
  setPath(name: string, value: string): void {
    recorded.paths.set(name, value);
  }
  isReady(): boolean {
    return this.#ready;
  }
  /** Electron is ready once the main script has run: here, on the next turn of the event loop. */
  whenReady(): Promise<void> {
    this.#readyPromise ??= new Promise<void>((resolve) => {
      setImmediate(() => {
        this.#ready = true;
        this.emit('ready', electronEvent());
        resolve();
      });
    });
    return this.#readyPromise;
  }
  requestSingleInstanceLock(): boolean {
    return true;
  }
  getAppPath(): string {
    return process.cwd();
  }
  setAppUserModelId(id: string): void {
    recorded.appUserModelId = id;
  }
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void {
    recorded.loginItems.push(settings);
    this.#loginItem = { ...settings };
  }
  getLoginItemSettings(): { openAtLogin: boolean; wasOpenedAtLogin?: boolean } {
    return { openAtLogin: this.#loginItem.openAtLogin };
  }
  /** As Electron: before-quit, the windows close, will-quit, quit; each step may be prevented. */
  quit(): void {
    recorded.quitCalls++;
    if (this.#quitting) return;
    this.#quitting = true;
    setImmediate(() => {
      this.#quitting = false;
      if (this.#prevented('before-quit')) return;
      for (const w of [...recorded.windows]) {
        if (w.destroyed) continue;
        const close = electronEvent();
        w.emit('close', close);
        if (close.defaultPrevented) return; // a window refused to close: the quit is cancelled
        w.destroy();
      }
      if (this.#prevented('will-quit')) return;
      this.emit('quit', electronEvent(), 0);
      recorded.exitCode ??= 0;
    });
  }
  exit(code = 0): void {
    recorded.exitCode ??= code;
  }
  #prevented(name: string): boolean {
    const event = electronEvent();
    this.emit(name, event);
    return event.defaultPrevented;
  }
}
export const app = new FakeApp();

function requireReady(what: string): void {
  if (!app.isReady()) refuse(`Cannot create ${what} before app is ready`);
}

export class FakeBrowserWindow extends Emitter {
  readonly options: Record<string, unknown>;
  readonly webContents = new Emitter();
  url: string | undefined;
  /** Every load that failed, with Electron's message. */
  failedLoads: string[] = [];
  loadedStatus: number | undefined;
  reloads = 0;
  shown = 0;
  focused = 0;
  hidden = 0;
  destroyed = false;
  /** The order of what happened to the window: 'show' before 'ready-to-show' is a white flash. */
  events: string[] = [];
  #visible = false;
  constructor(options: Record<string, unknown>) {
    requireReady('BrowserWindow');
    super();
    this.options = options;
    this.#visible = options.show !== false;
    recorded.windows.push(this);
  }
  async loadURL(url: string): Promise<void> {
    this.url = url;
    const scheme = new URL(url).protocol.slice(0, -1);
    const handler = recorded.protocolHandlers.get(scheme);
    if (handler === undefined && !['http', 'https', 'file'].includes(scheme)) {
      const message = `ERR_UNKNOWN_URL_SCHEME (-302) loading '${url}'`;
      this.failedLoads.push(message);
      this.webContents.emit('did-fail-load', electronEvent(), -302, 'ERR_UNKNOWN_URL_SCHEME', url);
      this.#readyToShow();
      throw new Error(message);
    }
    const response = handler === undefined ? new Response('') : await handler(new Request(url));
    this.loadedStatus = response.status;
    await response.arrayBuffer();
    this.events.push('did-finish-load');
    this.webContents.emit('did-finish-load');
    this.#readyToShow();
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isVisible(): boolean {
    return this.#visible;
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {
    /* never minimised here */
  }
  show(): void {
    this.shown++;
    this.#visible = true;
    this.events.push('show');
  }
  focus(): void {
    this.focused++;
  }
  hide(): void {
    this.hidden++;
    this.#visible = false;
  }
  reload(): void {
    this.reloads++;
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
  }
  #readyToShow(): void {
    if (this.events.includes('ready-to-show')) return;
    this.events.push('ready-to-show');
    this.emit('ready-to-show');
  }
}

type MenuItem = { label?: string; enabled?: boolean; click?: () => void; type?: string };

export class FakeTray extends Emitter {
  image: string;
  tooltip = '';
  menu: MenuItem[] = [];
  /** How many times a context menu was set (Linux shows it only once set, and each change needs it set again). */
  menusSet = 0;
  #destroyed = false;
  constructor(image: { path: string }) {
    requireReady('Tray');
    super();
    this.image = image.path;
    recorded.trays.push(this);
  }
  #alive(): void {
    if (this.#destroyed) refuse('Object has been destroyed');
  }
  setImage(image: { path: string }): void {
    this.#alive();
    this.image = image.path;
  }
  setToolTip(text: string): void {
    this.#alive();
    this.tooltip = text;
  }
  setContextMenu(menu: MenuItem[]): void {
    this.#alive();
    this.menu = menu;
    this.menusSet++;
  }
  isDestroyed(): boolean {
    return this.#destroyed;
  }
  destroy(): void {
    this.#alive();
    this.#destroyed = true;
  }
}

type NotificationOptions = {
  title: string;
  body: string;
  urgency?: string;
  id?: string;
  actions?: { type: string; text?: string }[];
};

export class FakeNotification extends Emitter {
  static isSupported(): boolean {
    return true;
  }
  /** The next notifications shown fail with this error (an unsigned macOS build), when set. */
  static failWith: string | undefined;
  /**
   * `close` is never emitted, not even for close() (Electron does not promise it: Windows toasts
   * moved to the Action Center, some Linux servers).
   */
  static neverClose = false;
  static #activation: ((details: { type: string; arguments: string; actionIndex?: number }) => void) | undefined;
  /** Windows: every activation (a click in the Action Center after the object is gone) reaches this callback. */
  static handleActivation(
    callback: (details: { type: string; arguments: string; actionIndex?: number }) => void,
  ): void {
    if (process.platform !== 'win32') refuse('Notification.handleActivation is only available on Windows');
    FakeNotification.#activation = callback;
  }
  /** A person activates a toast (the test's doing); false when nobody registered for it. */
  static activate(details: { type: string; arguments: string; actionIndex?: number }): boolean {
    FakeNotification.#activation?.(details);
    return FakeNotification.#activation !== undefined;
  }
  readonly options: NotificationOptions;
  readonly #note: (typeof recorded.notes)[number];
  constructor(options: NotificationOptions) {
    super();
    this.options = options;
    this.#note = {
      title: options.title,
      body: options.body,
      outcome: 'pending',
      ...(options.urgency === undefined ? {} : { urgency: options.urgency }),
      ...(options.id === undefined ? {} : { id: options.id }),
      ...(options.actions === undefined ? {} : { actions: options.actions }),
      closed: false,
    };
    recorded.notifications.push(new WeakRef(this));
    recorded.notes.push(this.#note);
  }
  show(): void {
    const failure = FakeNotification.failWith;
    setImmediate(() => {
      this.#note.outcome = failure === undefined ? 'shown' : 'failed';
      if (failure === undefined) this.emit('show', electronEvent());
      else this.emit('failed', electronEvent(), failure);
    });
  }
  close(): void {
    this.#note.closed = true;
    if (!FakeNotification.neverClose) this.emit('close', electronEvent());
  }
}

/** Electron's power monitor: tests emit 'resume', 'unlock-screen' (usable after ready, as Electron's). */
class FakePowerMonitor extends Emitter {
  override on(event: string, listener: Listener): this {
    if (!app.isReady()) refuse('powerMonitor cannot be used before app is ready');
    return super.on(event, listener);
  }
}
export const powerMonitor = new FakePowerMonitor();
/** Whether the fake machine is online (net.isOnline()). */
export const network = { online: true };

export const electronFake = {
  app,
  powerMonitor,
  net: { isOnline: () => network.online },
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
      if (!app.isReady() && process.platform === 'linux') recorded.errorBoxesPrinted.push(`${title}: ${text}`);
      else recorded.errorBoxes.push(`${title}: ${text}`);
    },
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => {
      if (app.isReady()) refuse('protocol.registerSchemesAsPrivileged should be called before app is ready');
      recorded.schemes.push(...schemes);
    },
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
      if (!app.isReady()) refuse('protocol.handle must be called after app is ready');
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
