// A stand-in for the parts of Electron the main process uses, recording what it is asked to do,
// so the composition root (src-main/desktop/main.ts) runs under plain Node. It behaves as
// Electron 45's documentation says (the API reference at https://www.electronjs.org/docs/latest/api/
// and the typings it is generated into, node_modules/electron/electron.d.ts for 45.4.1) wherever
// a real start would trip over it, and fake-electron.test.ts holds it to that:
// - `ready` comes after the main script has run; BrowserWindow, Tray and protocol.handle are
//   refused before it, registerSchemesAsPrivileged after it;
// - app.setPath refuses a relative path ("Path must be absolute", as Electron's app.setPath
//   throws) and a folder that does not exist (app.md, setPath: "If the path specifies a directory
//   that does not exist, an Error is thrown");
// - loadURL fails (ERR_UNKNOWN_URL_SCHEME) for a scheme nobody handles; over a handled scheme it
//   also loads the page's scripts and stylesheets through the handler, and fails the load when
//   one fails or comes with the wrong type (where Electron would finish the load with a blank
//   page: the fake makes that blank window a failure a test sees); a window is `ready-to-show`
//   only once its page has loaded;
// - closing or destroying the last window emits app's `window-all-closed`, except while
//   app.quit() closes them (app.md: "If the user pressed Cmd + Q, or the developer called
//   app.quit(), ... the window-all-closed event would not be emitted"), and with no listener
//   the app quits ("If you do not subscribe to this event and all windows are closed, the
//   default behavior is to quit the app");
// - a destroyed Tray throws "Object has been destroyed" from every method;
// - dialog.showErrorBox before `ready` on Linux only prints to stderr: nothing is shown;
// - app.quit() runs before-quit, closes the windows, will-quit and quit, each preventable as in
//   Electron; app.exit() ends without them;
// - Notification.isSupported() may be false (notification.md: "Whether or not desktop
//   notifications are supported on the current system"), and then nothing is shown; a
//   notification may fail to show, and `failed` is emitted only on macOS and Windows
//   (notification.md, Event 'failed': "Emitted when an error is encountered while creating and
//   showing the native notification", platforms darwin and win32): on Linux a failure is silent;
// - login items on Windows are one Run entry holding an executable and its arguments:
//   setLoginItemSettings writes `path` (default process.execPath) and `args` (default none), and
//   getLoginItemSettings says openAtLogin only when asked with the same `path` and `args` (app.md:
//   "If you provided path and args options to app.setLoginItemSettings, then you need to pass the
//   same arguments here for openAtLogin to be set correctly"); on macOS 13 and later (the
//   SMAppService backend) wasOpenedAtLogin is never reported;
// - utilityProcess.fork runs the module as a child of this Node (its `exit` carries the code;
//   stdout and stderr are streams with stdio 'pipe'), refused before `ready` (utility-process.md:
//   "utilityProcess.fork can only be called after the ready event has been emitted on App");
// - menu labels: a single `&` marks the access key on Windows and Linux and is not shown, `&&` is
//   shown as `&` (menu-item.md, `label`), so displayedLabel() is what the user reads.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

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
  /** Every setLoginItemSettings call, as made. */
  loginItems: [] as Record<string, unknown>[],
  /** Every load that failed, in any window, with Electron's message. */
  failedLoads: [] as string[],
  /** The application menu: the app's, or Electron's default (set at ready when the app set none). */
  appMenu: undefined as MenuItem[] | null | undefined,
  /** Every utilityProcess.fork, as asked. */
  utilityProcesses: [] as { modulePath: string; args: string[]; options: Record<string, unknown> }[],
  /** Every call that Electron would have refused, with what it said. */
  refused: [] as string[],
};

/** Notifications still reachable (not collected). */
export function liveNotifications(): FakeNotification[] {
  return recorded.notifications.map((r) => r.deref()).filter((n): n is FakeNotification => n !== undefined);
}

/** The OS the fake plays (login items, notifications), and the executable it runs as. */
export const fakeSystem = {
  platform: process.platform,
  execPath: process.execPath,
};

function refuse(message: string): never {
  recorded.refused.push(message);
  throw new Error(message);
}

interface LoginItemSettings {
  openAtLogin?: boolean;
  path?: string;
  args?: string[];
}

class FakeApp extends Emitter {
  isPackaged = false;
  #ready = false;
  #readyPromise: Promise<void> | undefined;
  #quitting = false;
  /** Windows: the Run entry (an executable and its arguments); macOS: whether an item is registered. */
  #loginItem: { path: string; args: string[] } | undefined;
  /** True while app.quit() closes the windows: no `window-all-closed` then. */
  closingForQuit = false;
  setPath(name: string, value: string): void {
    if (!isAbsolute(value)) refuse('Path must be absolute');
    if (!existsSync(value)) refuse(`Failed to set path: ${value} does not exist`);
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
        // Electron builds its default menu at ready unless the app set one (menu.md).
        if (recorded.appMenu === undefined) recorded.appMenu = DEFAULT_MENU;
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
  /** As Electron: package.json's productName, else its name (app.md, app.getName). */
  getName(): string {
    const manifest = JSON.parse(readFileSync(join(this.getAppPath(), 'package.json'), 'utf8')) as {
      name: string;
      productName?: string;
    };
    return manifest.productName ?? manifest.name;
  }
  setAppUserModelId(id: string): void {
    recorded.appUserModelId = id;
  }
  setLoginItemSettings(settings: LoginItemSettings): void {
    recorded.loginItems.push({ ...settings });
    const item = { path: settings.path ?? fakeSystem.execPath, args: settings.args ?? [] };
    // Windows keeps one Run entry for the app: turning it off removes it whatever it held.
    this.#loginItem = settings.openAtLogin === true ? item : undefined;
  }
  getLoginItemSettings(options: { path?: string; args?: string[] } = {}): {
    openAtLogin: boolean;
    wasOpenedAtLogin: boolean;
    executableWillLaunchAtLogin?: boolean;
  } {
    const item = this.#loginItem;
    if (fakeSystem.platform !== 'win32') return { openAtLogin: item !== undefined, wasOpenedAtLogin: false };
    const path = options.path ?? fakeSystem.execPath;
    const args = options.args ?? [];
    const samePath = item?.path === path;
    return {
      openAtLogin: samePath && item.args.length === args.length && item.args.every((a, i) => a === args[i]),
      wasOpenedAtLogin: false,
      executableWillLaunchAtLogin: samePath,
    };
  }
  /** As Electron: before-quit, the windows close, will-quit, quit; each step may be prevented. */
  quit(): void {
    recorded.quitCalls++;
    if (this.#quitting) return;
    this.#quitting = true;
    setImmediate(() => {
      this.#quitting = false;
      if (this.#prevented('before-quit')) return;
      this.closingForQuit = true;
      try {
        for (const w of [...recorded.windows]) {
          if (w.destroyed) continue;
          const close = electronEvent();
          w.emit('close', close);
          if (close.defaultPrevented) return; // a window refused to close: the quit is cancelled
          w.destroy();
        }
      } finally {
        this.closingForQuit = false;
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
      this.#failLoad(-302, 'ERR_UNKNOWN_URL_SCHEME', url);
    }
    const response = handler === undefined ? new Response('') : await handler(new Request(url));
    this.loadedStatus = response.status;
    const page = await response.text();
    if (handler !== undefined && response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html'))
      await this.#loadSubresources(handler, url, page);
    this.events.push('did-finish-load');
    this.webContents.emit('did-finish-load');
    this.#readyToShow();
  }
  /**
   * The page's scripts and stylesheets, each through the scheme's handler as the page asks for
   * it; one that fails, or comes with a type the browser will not run (a module script must be
   * JavaScript, a stylesheet CSS), fails the load.
   */
  async #loadSubresources(
    handler: (request: Request) => Promise<Response>,
    pageUrl: string,
    page: string,
  ): Promise<void> {
    const wanted = [
      ...[...page.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => ({ url: m[1] ?? '', type: /javascript/ })),
      ...[...page.matchAll(/<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="([^"]+)"/gi)].map((m) => ({
        url: m[1] ?? '',
        type: /^text\/css/,
      })),
    ];
    for (const { url, type } of wanted) {
      const address = new URL(url, pageUrl).href;
      let answer: Response;
      try {
        answer = await handler(new Request(address));
      } catch {
        this.#failLoad(-2, 'ERR_FAILED', address);
      }
      await answer.arrayBuffer();
      if (!answer.ok) this.#failLoad(-379, `ERR_HTTP_RESPONSE_CODE_FAILURE (${answer.status})`, address);
      if (!type.test(answer.headers.get('content-type') ?? ''))
        this.#failLoad(-3, `ERR_BLOCKED_BY_ORB (${answer.headers.get('content-type') ?? 'no type'})`, address);
    }
  }
  #failLoad(code: number, description: string, url: string): never {
    const message = `${description} (${code}) loading '${url}'`;
    this.failedLoads.push(message);
    recorded.failedLoads.push(message);
    this.webContents.emit('did-fail-load', electronEvent(), code, description, url);
    this.#readyToShow();
    throw new Error(message);
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
  /** As the user closing it: `close` (preventable), then destroyed. */
  close(): void {
    if (this.destroyed) return;
    const event = electronEvent();
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroy();
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
    if (app.closingForQuit || recorded.windows.some((w) => !w.destroyed)) return;
    // The last window is gone: the app's listener decides, or Electron quits.
    if (app.listeners.get('window-all-closed')?.length) app.emit('window-all-closed');
    else app.quit();
  }
  #readyToShow(): void {
    if (this.events.includes('ready-to-show')) return;
    this.events.push('ready-to-show');
    this.emit('ready-to-show');
  }
}

type MenuItem = {
  label?: string;
  enabled?: boolean;
  click?: () => void;
  type?: string;
  role?: string;
  submenu?: MenuItem[];
};

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
  /** What Notification.isSupported() answers (false: nothing is ever shown). */
  static supported = true;
  static isSupported(): boolean {
    return FakeNotification.supported;
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
    if (!FakeNotification.supported) return;
    const failure = FakeNotification.failWith;
    setImmediate(() => {
      this.#note.outcome = failure === undefined ? 'shown' : 'failed';
      if (failure === undefined) this.emit('show', electronEvent());
      // Electron emits `failed` on macOS and Windows only.
      else if (fakeSystem.platform === 'darwin' || fakeSystem.platform === 'win32')
        this.emit('failed', electronEvent(), failure);
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

/**
 * A menu label as the user reads it on Windows and Linux: a single `&` marks the access key and
 * is not shown (the letter after it is underlined), `&&` shows one `&`.
 */
export function displayedLabel(label: string): string {
  return label.replace(/&(&?)/g, (_, second: string) => second);
}

/** Electron's default application menu (lib/browser/default-menu.ts): its View menu reloads and opens DevTools. */
const DEFAULT_MENU: MenuItem[] = [
  { role: 'fileMenu' },
  { role: 'editMenu' },
  { role: 'viewMenu', submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }] },
  { role: 'windowMenu' },
  { role: 'help' },
];

/** A utility process: the module run by this Node, with Electron's events and streams. */
class FakeUtilityProcess extends Emitter {
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  readonly #child: ReturnType<typeof spawn>;
  constructor(modulePath: string, args: string[], options: { stdio?: string; env?: NodeJS.ProcessEnv }) {
    super();
    const piped = options.stdio === 'pipe';
    this.#child = spawn(process.execPath, [modulePath, ...args], {
      env: options.env ?? process.env,
      stdio: ['ignore', piped ? 'pipe' : 'inherit', piped ? 'pipe' : 'inherit'],
    });
    this.stdout = this.#child.stdout;
    this.stderr = this.#child.stderr;
    this.#child.on('spawn', () => this.emit('spawn'));
    this.#child.on('exit', (code) => this.emit('exit', code ?? 1));
  }
  get pid(): number | undefined {
    return this.#child.pid;
  }
  kill(): boolean {
    return this.#child.kill('SIGKILL');
  }
}

export const electronFake = {
  app,
  powerMonitor,
  net: { isOnline: () => network.online },
  BrowserWindow: FakeBrowserWindow,
  Tray: FakeTray,
  Notification: FakeNotification,
  Menu: {
    buildFromTemplate: (template: unknown) => template,
    setApplicationMenu: (menu: MenuItem[] | null) => {
      recorded.appMenu = menu;
    },
    getApplicationMenu: () => recorded.appMenu ?? null,
  },
  utilityProcess: {
    fork: (modulePath: string, args: string[] = [], options: Record<string, unknown> = {}) => {
      if (!app.isReady()) refuse('utilityProcess cannot be created before app is ready');
      recorded.utilityProcesses.push({ modulePath, args, options });
      return new FakeUtilityProcess(modulePath, args, options);
    },
  },
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
