// `status --follow`: one process a status bar keeps, printing the current line at once, a new one
// as soon as what it shows changes, and the same one again every heartbeat (60 s) so that ages
// stay true and a reading that goes stale says so. What it listens to:
// - while a service runs on the data folder (running.json names it): the service's change feed
//   (GET /app/changes, a long poll answered when the store's generation moves), so a change is
//   heard within milliseconds and nothing is read while nothing changes;
// - otherwise (or while the feed cannot be read): the data folder itself, where a write to the
//   database or to running.json is heard, and the store's generation (SQLite's data_version on a
//   read-only connection) says whether the data really changed; where the folder cannot be
//   watched, both are looked at every POLL_MS.
// A feed connection that breaks (the service shed it, restarted, or stopped) is asked again at
// once, then with a growing pause while it keeps failing; a service that is gone makes the line
// say so (class `unknown`) until one starts again. No provider is ever asked.
//
// The I/O is handed in (follow-command.ts wires the real one), so tests can drive the clock and
// the heartbeat without waiting.
import { barLines, type BarFormat, type BarView } from './lines.ts';

export type ServiceState = NonNullable<BarView['service']>;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface FollowerDeps {
  format: BarFormat;
  /** Epoch ms now. */
  clock: () => number;
  heartbeatMs: number;
  timers: Timers;
  /** The view at `now` (epoch seconds): every account as `status` reads it. May throw: the line then says why. */
  read: (service: ServiceState, now: number) => Promise<BarView>;
  /** Prints one update (one line, or SwiftBar's menu); false once nothing can be written any more. */
  write: (text: string) => boolean;
  /** The address of the service running on the data folder, if one does. */
  service: () => string | undefined;
  /** Resolves with the service's generation once it differs from `since` (or the feed's own wait ran out); rejects when the feed cannot be read. */
  feed: (url: string, since: number, signal: AbortSignal) => Promise<number>;
  /** The store's generation, or undefined while there is no database to read. */
  storeGeneration: () => number | undefined;
  /** Hears writes to the data folder: the database (`store`) and the service's running.json (`service`). */
  watch: (onStore: () => void, onService: () => void) => { watching: boolean; stop: () => void };
}

/** How often the folder is looked at where it cannot be watched. */
export const POLL_MS = 2000;
/** The longest pause between two asks of a feed that keeps failing. */
export const MAX_RETRY_MS = 5000;

export class Follower {
  readonly #d: FollowerDeps;
  #url: string | undefined;
  #storeGeneration: number | undefined;
  /** The last update printed (without SwiftBar's reset line), to print again only what changed. */
  #last: string | undefined;
  #printed = 0;
  #heartbeat: unknown;
  #poll: unknown;
  #watch: { watching: boolean; stop: () => void } | undefined;
  #feed: AbortController | undefined;
  /** The feed answered its last ask: folder events are then left to it. */
  #feedHealthy = false;
  #rendering: Promise<void> | undefined;
  #again = false;
  #againForced = false;
  #stopped = false;

  constructor(deps: FollowerDeps) {
    this.#d = deps;
  }

  /** Updates printed so far (tests). */
  get printed(): number {
    return this.#printed;
  }

  /** Prints the current line, then listens. Resolves once the first line is out. */
  async start(): Promise<void> {
    this.#url = this.#d.service();
    this.#storeGeneration = this.#d.storeGeneration();
    // Listening first: a write while the first line is read is heard (and read again after it).
    this.#watch = this.#d.watch(
      () => {
        this.#onStoreWrite();
      },
      () => {
        this.#onServiceFile();
      },
    );
    if (!this.#watch.watching) this.#schedulePoll();
    await this.refresh(true);
    // (A service that appeared meanwhile is followed already.)
    if (this.#url !== undefined && this.#feed === undefined && !this.#stopped) void this.#follow(this.#url);
  }

  stop(): void {
    this.#stopped = true;
    this.#feed?.abort();
    this.#watch?.stop();
    this.#d.timers.clearTimeout(this.#heartbeat);
    this.#d.timers.clearTimeout(this.#poll);
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /**
   * Reads the view and prints it if it differs from the last line printed (or always, when
   * `force`). Calls while a read runs are folded into one more read after it.
   */
  refresh(force = false): Promise<void> {
    this.#again = true;
    this.#againForced ||= force;
    this.#rendering ??= this.#drain().finally(() => {
      this.#rendering = undefined;
    });
    return this.#rendering;
  }

  async #drain(): Promise<void> {
    while (this.#again && !this.#stopped) {
      const forced = this.#againForced;
      this.#again = false;
      this.#againForced = false;
      await this.#render(forced);
    }
  }

  /** The heartbeat: the same line again (ages move on), and a look at the service in case a change went unheard. */
  heartbeat(): Promise<void> {
    this.#checkService();
    return this.refresh(true);
  }

  async #render(force: boolean): Promise<void> {
    const now = Math.floor(this.#d.clock() / 1000);
    const service: ServiceState = this.#url === undefined ? 'not_running' : 'running';
    let view: BarView;
    try {
      view = await this.#d.read(service, now);
    } catch (err) {
      view = { now, accounts: [], service, problem: err instanceof Error ? err.message : String(err) };
    }
    if (this.#stopped) return;
    const lines = barLines(this.#d.format, view);
    if (!force && lines === this.#last) return;
    // SwiftBar resets its item on `~~~`: every menu after the first starts with one.
    const update = this.#d.format === 'swiftbar' && this.#printed > 0 ? `~~~\n${lines}` : lines;
    // Never an empty line: Waybar and polybar hide a module that prints one (no shape makes one).
    if (lines.trim() === '') return;
    if (!this.#d.write(update)) {
      this.stop();
      return;
    }
    this.#last = lines;
    this.#printed += 1;
    this.#d.timers.clearTimeout(this.#heartbeat);
    this.#heartbeat = this.#d.timers.setTimeout(() => {
      void this.heartbeat();
    }, this.#d.heartbeatMs);
  }

  /** A write to the database: read again if the store's generation moved (the feed, while it answers, says so itself). */
  #onStoreWrite(): void {
    if (this.#stopped || (this.#url !== undefined && this.#feedHealthy)) return;
    const generation = this.#d.storeGeneration();
    if (generation === this.#storeGeneration) return;
    this.#storeGeneration = generation;
    void this.refresh();
  }

  #onServiceFile(): void {
    if (!this.#stopped) this.#checkService();
  }

  /** Follows the service that runs now, if it is not the one followed: its feed, and a line saying it. */
  #checkService(): void {
    const url = this.#d.service();
    if (url === this.#url) return;
    this.#feed?.abort();
    this.#url = url;
    this.#feedHealthy = false;
    this.#storeGeneration = this.#d.storeGeneration();
    void this.refresh();
    if (url !== undefined) void this.#follow(url);
  }

  /** Asks the feed again and again while `url` is the service followed. */
  async #follow(url: string): Promise<void> {
    const controller = new AbortController();
    this.#feed = controller;
    let since = -1;
    let failures = 0;
    while (!this.#done(controller) && this.#url === url) {
      try {
        const generation = await this.#d.feed(url, since, controller.signal);
        failures = 0;
        this.#feedHealthy = true;
        if (generation !== since) {
          since = generation;
          void this.refresh();
        }
      } catch {
        if (this.#done(controller)) return;
        this.#feedHealthy = false;
        failures += 1;
        // Gone (its running.json removed, its process dead) or replaced: say so, follow the new one.
        if (this.#d.service() !== url) {
          this.#checkService();
          return;
        }
        // Still there: a connection it shed, or one that broke: at once the first time, then
        // backing off (a service that refuses the feed must not cost a busy loop). The folder
        // watch hears changes meanwhile.
        if (failures > 1) await this.#pause(Math.min(MAX_RETRY_MS, 250 * 2 ** failures), controller.signal);
      }
    }
  }

  /** Stopped, or this feed's service is no longer the one followed. */
  #done(controller: AbortController): boolean {
    return this.#stopped || controller.signal.aborted;
  }

  #pause(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const handle = this.#d.timers.setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          this.#d.timers.clearTimeout(handle);
          resolve();
        },
        { once: true },
      );
    });
  }

  /** Where the folder cannot be watched: the same two looks, every POLL_MS. */
  #schedulePoll(): void {
    this.#poll = this.#d.timers.setTimeout(() => {
      if (this.#stopped) return;
      this.#checkService();
      this.#onStoreWrite();
      this.#schedulePoll();
    }, POLL_MS);
  }
}
