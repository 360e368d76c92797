// Composition of the app that runs (the headless server and the Electron main process alike):
// the core (core.ts: store, domain, accounts), the service's handlers, the accounts the window
// holds (one rule), the monitor, and the event spine that joins them (app-events.ts): the data
// changed, an account was checked, an alert was raised, each with one source, and every outlet
// of an alert one entry in one list of channels. Both `serve` and the desktop app build
// everything through this, then choose mounts and call startBackground().
import { join } from 'node:path';
import type { Alert, AlertFeed, LocalApiInfo } from '../src-shared/app-api.ts';
import { CSV_BODY_LIMIT } from '../src-shared/app-api.ts';
import type { NotifyFormat } from '../src-shared/vocabulary.ts';
import { alertOf, defaultSnoozePhrase, monitorPreferences, snoozeAccount, snoozes } from './domain/alerts.ts';
import { packageFolder } from './package-folder.ts';
import type { AccountDomain } from './domain/account-domain.ts';
import { HeldAccounts } from './domain/held-accounts.ts';
import { hashKey } from './domain/keys.ts';
import { AppEvents, changesStanding } from './app-events.ts';
import { type Core, monitorMemory, monitoredAccounts, openCore } from './core.ts';
import { AccountsMonitor, type MonitorTimers, type WatchedAccount } from './monitor/index.ts';
import type { AlertChannel, NotificationAction } from './monitor/channels/channel.ts';
import type { ProviderClient } from './provider/client.ts';
import type { HttpLimits } from './provider/http-get.ts';
import type { AppAccounts, CheckTimers } from './remote/index.ts';
import { formatLocal } from './dates/wall-clock.ts';
import { releaseOptimizingTiers } from './optimizing-tiers.ts';
import { accessToken } from './service/access-token.ts';
import { csvImporter } from './service/app/import-job.ts';
import { ChangeFeed } from './service/change-feed.ts';
import { createHandlers, type FastPath, type FetchHandler } from './service/handler.ts';
import type { KeyVault } from './service/key-vault.ts';
import { StaticFiles } from './service/static.ts';
import type { Store } from './store/index.ts';
import { messageOf } from '../src-shared/message-of.ts';

/** Where pushed alerts go besides the app's own lists (the desktop shell adds its own channels at startBackground). */
export interface NotifyOptions {
  /** One line on stderr per pushed alert (`serve` in a terminal). */
  terminal?: boolean;
  /** The OS notification service on the D-Bus session bus (`serve` without Electron, on Linux). */
  desktopBus?: { env: NodeJS.ProcessEnv; onSent?: (alert: Alert, id: number | undefined) => void };
  /** A webhook or ntfy topic. */
  url?: URL | undefined;
  format?: NotifyFormat;
  /** Tests shorten the webhook's waits between tries. */
  retryDelaysMs?: readonly number[];
  onWebhookSettled?: (alert: Alert, delivered: boolean) => void;
  /** A notification's Open button (`serve`: the UI in the browser). */
  open?: () => void;
}

export interface AppOptions {
  dataDir: string;
  timeZone: string;
  clock: () => number;
  vault: KeyVault;
  /** A fixed access token (tests, ACCOUNT_MONITOR_TOKEN); otherwise the one kept in the data folder. */
  token?: string | undefined;
  /** Replace the kept access token with a new one (`serve --new-token`). */
  newToken?: boolean;
  log?: (line: string) => void;
  accessLog?: boolean;
  /** Built renderer folder; defaults to out/renderer in the package. */
  uiDir?: string;
  /** PEM of an extra certificate authority to trust for providers (a self-hosted one). */
  providerCa?: string | undefined;
  /** The provider client's deadlines and cap (tests shorten them). */
  providerLimits?: Partial<HttpLimits>;
  /** How often connected accounts are checked in the background; default 10 minutes. */
  checkIntervalMs?: number | undefined;
  /** The background checks' timers (tests drive them). */
  checkTimers?: CheckTimers;
  /** The monitor's timer (tests and the bench drive it); how often it evaluates every account. */
  monitorTimers?: MonitorTimers;
  /**
   * The machine's own clock (epoch ms), never fixed: between two ticks of the monitor it tells a
   * sleep (more than two check intervals) from a tick. Default Date.now; tests move it.
   */
  wallClock?: () => number;
  monitorIntervalMs?: number;
  /** How often a connected account's forecast is asked of its provider (default twelve hours). */
  remoteForecastEveryMs?: number;
  /**
   * How long after a person's change (or another process's write) the monitor evaluates: a
   * second by default, after the page that made it has read its answers again; several changes
   * close together are evaluated once.
   */
  evaluateDelayMs?: number;
  notify?: NotifyOptions;
}

/** What the shell that runs the app adds (the desktop app: its notifications and tray). */
export interface ShellOutlets {
  channels?: AlertChannel[];
}

export type { WatchedAccount };

export interface App {
  /** The TCP mount: Host and token guards on. */
  handler: FetchHandler;
  /** The app:// mount inside Electron: same routes, trusted caller. */
  inProcessHandler: FetchHandler;
  /** For `listen`: the spec's GET routes without Fetch objects (undefined with the access log on). */
  fastPath: FastPath | undefined;
  token: string;
  domain: AccountDomain;
  store: Store;
  vault: KeyVault;
  /** Every account, local or connected, and the background checks of the connected ones. */
  accounts: AppAccounts;
  client: ProviderClient;
  /** Settles once the key of the single-key era, if any, has moved to its account. */
  ready: Promise<void>;
  /** The accounts the window holds (the one rule the app API and the monitor share). */
  held: HeldAccounts;
  /** Every account the app can read, as the monitor watches them. */
  watched(): Promise<WatchedAccount[]>;
  /** The monitor: the tray's view (`onChange` in `startBackground`), alerts once per episode. */
  monitor: AccountsMonitor;
  /** The stored alerts (the tray's menu reads the newest). */
  alerts: AlertFeed;
  /** The event spine: the data changed, an account was checked, an alert was raised. */
  events: AppEvents;
  /**
   * Starts the background work: checks of connected accounts, the monitor evaluating after
   * every change, and the channels (the shell's added to this app's; the D-Bus one says once
   * what it found). Call once the mounts are up.
   */
  startBackground(shell?: ShellOutlets): Promise<void>;
  /** "Refresh now" for every account the window works with: connected ones are checked (backoff skipped, Retry-After kept). */
  refreshAll(): Promise<void>;
  /** Resolves once nothing is left to do after the changes so far: none waiting to be told, no evaluation due or running. */
  settled(): Promise<void>;
  /**
   * No reminders for an account until `phrase` (default: tomorrow, when quiet hours end), or
   * none any more (`null`); returns when the snooze ends (epoch seconds), null when cleared. A
   * worse state still alerts at once.
   */
  snooze(accountId: number, phrase?: string | null): number | null;
  /**
   * After a sleep (the desktop's resume or unlock, `serve`'s clock jumping) and at start: checks
   * the connected accounts first (once `before` settles: the network back), and holds "stale"
   * until they have had their chance, so a reading that aged in the night is not news before its
   * account was asked. Resolves once the checks are done.
   */
  wake(before?: Promise<unknown>): Promise<void>;
  /** Tell the app where the local API listens (shown in the window's API panel). */
  setApiInfo(info: LocalApiInfo): void;
  close(): void;
}

export const DEFAULT_UI_DIR = join(packageFolder(), 'out', 'renderer');

/**
 * Before accounts had keychain entries of their own, the window kept one key in one entry. It
 * moves to its account's entry on the first start (written first, then the old entry removed,
 * so a crash in between loses nothing).
 */
async function moveLegacyKey(vault: KeyVault, store: Store, log: (line: string) => void): Promise<void> {
  const legacy = await vault.legacy();
  if (legacy === undefined) return;
  const found = store.accounts.findKey(hashKey(legacy));
  const row = found === undefined ? undefined : store.accounts.account(found.accountId);
  if (row === undefined) {
    log(
      'keychain: the key kept by an earlier version belongs to no account in this data folder; it was left where it is',
    );
    return;
  }
  await vault.set(row.vault_ref, legacy);
  store.accounts.setKeyKept(row.id, true);
  await vault.clearLegacy();
  log(`keychain: the key kept by an earlier version now belongs to account "${row.name}"`);
}

export function openApp(options: AppOptions): App {
  const log =
    options.log ??
    ((line: string): void => {
      process.stderr.write(`${line}\n`);
    });
  const { vault } = options;
  const events = new AppEvents(log);
  // Writes on the request path never wait for another connection's lock: they are tried again
  // without blocking (service/app/busy-retry.ts).
  const core: Core = openCore({
    dataDir: options.dataDir,
    timeZone: options.timeZone,
    clock: options.clock,
    busyTimeoutMs: 0,
    providerCa: options.providerCa,
    providerLimits: options.providerLimits,
    checkIntervalMs: options.checkIntervalMs,
    checkTimers: options.checkTimers,
    log,
    keptKey: (ref) => vault.get(ref),
    onChecked: (id) => {
      events.checked.emit(id);
    },
  });
  const { store, domain, client, accounts } = core;
  if (store.readOnly)
    log(
      `the data folder ${options.dataDir} cannot be written: its data is shown, and every change is refused as read_only`,
    );
  const token = options.token ?? accessToken(options.dataDir, { rotate: options.newToken === true, log });
  let apiInfo: LocalApiInfo = { baseUrl: null, listening: false };
  const ready = moveLegacyKey(vault, store, log).catch((error: unknown) => {
    log(`keychain: could not move the earlier version's key: ${messageOf(error)}`);
  });
  const held = new HeldAccounts(accounts, vault, ready);
  const watched = monitoredAccounts(core, held);

  const monitor = new AccountsMonitor({
    list: watched,
    memory: monitorMemory(store, options.timeZone),
    clock: options.clock,
    timeZone: options.timeZone,
    // A connected account's reading is as fresh as its latest check: stale after three intervals.
    staleAfterSeconds: accounts.staleAfterMs / 1000,
    preferences: () => monitorPreferences(store),
    ...(options.monitorIntervalMs === undefined ? {} : { intervalMs: options.monitorIntervalMs }),
    ...(options.monitorTimers === undefined ? {} : { timers: options.monitorTimers }),
    ...(options.remoteForecastEveryMs === undefined ? {} : { remoteForecastEveryMs: options.remoteForecastEveryMs }),
    log,
    onAlert: (alert, context) => {
      events.alert.emit({ alert, context });
    },
    onOver: (thread) => {
      events.over.emit(thread);
    },
    snoozedUntil: (accountId) => snoozes(store, domain.nowSeconds()).get(accountId),
    wallClock: options.wallClock ?? Date.now,
    wakeGapMs: 2 * accounts.checks.intervalMs,
    onWake: () => {
      log('the clock jumped (the machine slept?): checking the connected accounts first');
      void wake();
    },
  });
  const alerts: AlertFeed = {
    recent: (limit) => store.alerts.page(limit).map((row) => alertOf(row, options.timeZone)),
    unreadCount: () => store.alerts.unreadCount(),
    markRead: (which) => {
      store.alerts.markRead(which, domain.nowSeconds());
      return store.alerts.unreadCount();
    },
  };
  // "The data changed" has one source, the store (its writes, and one watch for other processes').
  const stopTelling = store.onChange((change) => {
    events.changed.emit(change);
  });
  const changes = new ChangeFeed(
    () => store.generation(),
    (listener) => events.changed.on(listener),
  );
  // Evaluations asked for by the spine and not finished yet (settled() waits for them).
  const inFlight = new Set<Promise<unknown>>();
  const track = (round: Promise<unknown>): void => {
    const settled = round.catch(() => undefined);
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  };
  // A check's outcome is evaluated at once, for that account alone.
  events.checked.on((id) => {
    track(monitor.refresh(id));
  });
  const handlers = createHandlers({
    domain,
    accounts,
    vault,
    token,
    ui: new StaticFiles(options.uiDir ?? DEFAULT_UI_DIR),
    log,
    accessLog: options.accessLog === true,
    apiInfo: () => apiInfo,
    importCsv: csvImporter({
      domain,
      dataDir: options.dataDir,
      timeZone: options.timeZone,
      clock: options.clock,
      limit: CSV_BODY_LIMIT,
      onCommitted: () => {
        store.invalidate();
      },
      onWorkerImport: releaseOptimizingTiers,
    }),
    checks: {
      intervalMinutes: accounts.checks.intervalMs / 60_000,
      staleAfterMinutes: accounts.staleAfterMs / 60_000,
    },
    ready,
    changes,
    held,
  });
  // A change that can change how an account stands is evaluated a little later (several close
  // together once), whoever made it: the window, this process, the CLI.
  let soon: ReturnType<typeof setTimeout> | undefined;
  let cancelSoon: (() => void) | undefined;
  const evaluateSoon = (): void => {
    if (soon !== undefined) return;
    track(
      new Promise<void>((resolve) => {
        cancelSoon = resolve;
        soon = setTimeout(() => {
          soon = undefined;
          cancelSoon = undefined;
          void monitor.refresh().finally(resolve);
        }, options.evaluateDelayMs ?? 1000);
        soon.unref();
      }),
    );
  };
  let channels: AlertChannel[] = [];
  // Every outlet of an alert, in one list: each is told of pushed alerts, and those that show
  // lists (the terminal's log, the tray, the window) of held ones too.
  events.alert.on(({ alert, context }) => {
    for (const channel of channels) if (context.push || channel.quietToo === true) channel.send(alert, context);
  });
  events.over.on((thread) => {
    for (const channel of channels) channel.withdraw?.(thread);
  });
  /** The window's feed: pages waiting for changes hear of a stored alert at once. */
  const windowFeed: AlertChannel = {
    quietToo: true,
    send: () => {
      changes.wake();
    },
    close: () => undefined,
  };
  const snooze = (accountId: number, phrase?: string | null): number | null => {
    const until = snoozeAccount(domain, accountId, phrase === undefined ? defaultSnoozePhrase(store) : phrase);
    const name = accounts.overview(accountId)?.name ?? `account ${accountId}`;
    log(
      until === null
        ? `"${name}": snooze cleared, reminders as usual`
        : `"${name}": snoozed until ${formatLocal(until, options.timeZone)}, no reminders before then`,
    );
    return until;
  };
  /** A notification's button: Open, or Snooze until tomorrow. */
  const act = (action: NotificationAction): void => {
    if (action.kind === 'open') {
      options.notify?.open?.();
      return;
    }
    try {
      snooze(action.accountId);
    } catch (error: unknown) {
      log(`could not snooze: ${messageOf(error)}`);
    }
  };
  /**
   * Checks the connected accounts the app holds once `before` settles, holding "stale" until
   * they have had their chance. `force`: after a sleep (the schedule's monotonic clock did not
   * count the night, so "checked a moment ago" cannot be trusted); Retry-After is kept either way.
   */
  const checkFirst = (force: boolean, before: Promise<unknown> = Promise.resolve()): Promise<void> => {
    const checked = before
      .catch(() => undefined)
      .then(async () => {
        const connected = (await held.list()).filter((h) => h.overview.kind === 'remote');
        await Promise.allSettled(connected.map((h) => accounts.refresh(h.overview.id, h.key, force)));
        return connected.length;
      });
    monitor.holdStaleUntil(checked);
    // Each check is evaluated as it ends; once the hold is over every account is judged again
    // (one whose check was not due, too).
    track(checked.then((count) => (count > 0 ? monitor.refresh() : undefined)));
    return checked.then(() => undefined);
  };
  const wake = (before?: Promise<unknown>): Promise<void> => checkFirst(true, before);
  let started = false;
  let closed = false;
  let stopEvaluating: (() => void) | undefined;
  return {
    handler: handlers.tcp,
    inProcessHandler: handlers.inProcess,
    fastPath: handlers.fastPath,
    token,
    domain,
    store,
    vault,
    accounts,
    client,
    ready,
    held,
    watched,
    monitor,
    alerts,
    events,
    startBackground: async (shell) => {
      if (started) return;
      started = true;
      // A start may follow a night with the machine off: the first checks run before anything is
      // judged stale, and the schedule starts from them.
      // (Not forced: a restart a minute after a check asks nothing.)
      void checkFirst(false).finally(() => {
        if (!closed) accounts.checks.start();
      });
      channels = [...(await openChannels(options.notify, log, act)), ...(shell?.channels ?? []), windowFeed];
      // The first evaluation reads everything: changes made before it are told first, unheard.
      while (store.telling) await new Promise((resolve) => setImmediate(resolve));
      stopEvaluating = events.changed.on((change) => {
        if (changesStanding(change)) evaluateSoon();
      });
      track(monitor.start());
    },
    refreshAll: async () => {
      const connected = (await held.list()).filter((h) => h.overview.kind === 'remote');
      await Promise.all(connected.map((h) => accounts.refresh(h.overview.id, h.key, true)));
    },
    settled: async () => {
      // A change told leads to an evaluation, whose commit is told in turn: until all is quiet.
      for (;;) {
        if (store.telling) await new Promise((resolve) => setImmediate(resolve));
        else if (inFlight.size > 0) await Promise.all(inFlight);
        else return;
      }
    },
    snooze,
    wake,
    setApiInfo: (info) => {
      apiInfo = info;
    },
    close: () => {
      closed = true;
      clearTimeout(soon);
      soon = undefined;
      cancelSoon?.();
      stopEvaluating?.();
      stopTelling();
      monitor.stop();
      for (const channel of channels) channel.close();
      changes.close();
      core.close();
    },
  };
}

/** The channels that exist here, each loaded only when asked for. */
async function openChannels(
  notify: NotifyOptions | undefined,
  log: (line: string) => void,
  onAction: (action: NotificationAction) => void,
): Promise<AlertChannel[]> {
  const channels: AlertChannel[] = [];
  if (notify === undefined) return channels;
  if (notify.terminal === true) channels.push((await import('./monitor/channels/terminal.ts')).terminalChannel(log));
  if (notify.url !== undefined) {
    const { WebhookChannel, shownAddress } = await import('./monitor/channels/webhook.ts');
    channels.push(
      new WebhookChannel({
        url: notify.url,
        format: notify.format ?? 'json',
        log,
        ...(notify.retryDelaysMs === undefined ? {} : { retryDelaysMs: notify.retryDelaysMs }),
        ...(notify.onWebhookSettled === undefined ? {} : { onSettled: notify.onWebhookSettled }),
      }),
    );
    log(`alerts are also posted to ${shownAddress(notify.url)} (${notify.format ?? 'json'})`);
  }
  if (notify.desktopBus !== undefined) {
    const { desktopBusChannel } = await import('./monitor/channels/desktop-bus.ts');
    channels.push(
      await desktopBusChannel({
        env: notify.desktopBus.env,
        log,
        onAction,
        ...(notify.desktopBus.onSent === undefined ? {} : { onSent: notify.desktopBus.onSent }),
      }),
    );
  }
  return channels;
}
