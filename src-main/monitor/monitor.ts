// The monitor: every account the app can read, evaluated once a minute (and at once after a
// background check or a change made through the app), turned into how it stands (accountStatus)
// and, once per episode, into alerts. Each alert is stored with the account's episodes in one
// transaction (so a crash or restart neither repeats nor loses one), then handed on: pushed
// through the channels that exist unless quiet hours hold it back (delivery.ts: threads, the
// night's one urgent push, reminders), with the morning's digest of what they held (digest.ts).
// Pure apart from what is injected: the clock, the accounts, the memory and the timer.
import { type Severity, worstSeverity } from '../../src-shared/account-status.ts';
import type { Alert } from '../../src-shared/app-api.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { DEFAULT_PREFERENCES, type MonitorPreferences } from '../../src-shared/quiet-hours.ts';
import { inQuietHours } from './quiet-times.ts';
import type { AccountSource } from '../domain/account-source.ts';
import { deliver } from './delivery.ts';
import { DIGEST_LOOK_BACK_SECONDS, digestAlert } from './digest.ts';
import { realTimers, type Timers } from '../domain/timers.ts';
import { nextEpisodes, statusOf } from './episodes.ts';
import { periodAround } from './periods.ts';
import { episodeAlert, summaryAlert, trayShape } from './presentation.ts';
import { unexpectedCharges } from './surprises.ts';
import { readAccount } from './read.ts';
import {
  type AccountReading,
  type AccountsView,
  type AlertDraft,
  type Episodes,
  type MonitorMemory,
  NO_EPISODES,
  type Thread,
  type WatchedAccount,
  type WatchedStatus,
} from './types.ts';
import { messageOf } from '../../src-shared/message-of.ts';

export type MonitorTimers = Pick<Timers, 'setInterval' | 'clearInterval'>;

/** What a channel needs besides the alert. */
export interface AlertContext {
  /** False when quiet hours held it back: store and list it, do not push it. */
  push: boolean;
  /** More than one account is watched (a pushed title then names the account). */
  several: boolean;
  /** How the account stands as the alert is raised. */
  state: Severity;
  /** The notification it belongs to: a later alert of the same thread replaces it (absent or null: stands alone). */
  thread?: Thread | null;
}

export interface MonitorOptions {
  /** The accounts to watch now (read again at every evaluation round). */
  list: () => Promise<WatchedAccount[]>;
  memory: MonitorMemory;
  /** Epoch milliseconds now; the app's clock (fixed by ACCOUNT_MONITOR_NOW in tests). */
  clock: () => number;
  timeZone: string;
  /** A connected account's reading older than this is stale (three check intervals). */
  staleAfterSeconds: number;
  /** Quiet hours and the forecast's horizon, read at every evaluation. */
  preferences?: () => MonitorPreferences;
  /** How often every account is evaluated; default one minute. */
  intervalMs?: number;
  /** How often a connected account's forecast is asked of its provider; default twelve hours. */
  remoteForecastEveryMs?: number;
  timers?: MonitorTimers;
  /** Each alert right after it is stored (see AlertContext), and the digest after quiet hours. */
  onAlert?: (alert: Alert, context: AlertContext) => void;
  /** A thread is over (the balance recovered, the provider answers): what it showed is closed. */
  onOver?: (thread: Thread) => void;
  /** No reminders for an account before this instant (epoch seconds): its snooze. */
  snoozedUntil?: (accountId: number) => number | undefined;
  /**
   * The machine's own clock (epoch ms, never fixed), read at every tick of the timer: a tick more
   * than `wakeGapMs` after the one before means the machine slept (or the process stopped), and
   * `onWake` runs before that tick's evaluation.
   */
  wallClock?: () => number;
  wakeGapMs?: number;
  onWake?: () => void;
  /** The view changed (the tray redraws). */
  onChange?: (view: AccountsView) => void;
  log?: (line: string) => void;
}

/** The stored evaluation is written again at least this often, so readers can tell the monitor runs. */
export const HEARTBEAT_SECONDS = 5 * 60;
export const DEFAULT_REMOTE_FORECAST_MS = 12 * 60 * 60 * 1000;

interface Watched {
  account: WatchedAccount;
  reading: AccountReading | undefined;
  episodes: Episodes;
  /** When the stored evaluation was last written, epoch seconds. */
  savedAt: number | undefined;
  savedKey: string | undefined;
  running: Promise<void> | undefined;
  /** The last failure logged (each is logged once, not every minute). */
  failure: string | undefined;
}

/**
 * What must be stored again when it changes: everything but when the balance was read, and the
 * balance to the whole penny (recurring charges move it a little every minute; a status bar
 * reading one a few minutes old sees its age). Otherwise the heartbeat writes it.
 */
function storedKey(reading: AccountReading, episodes: Episodes): string {
  const { balance } = reading;
  return JSON.stringify([
    { ...reading, balance: balance === null ? null : formatPounds(balance), readAt: null },
    episodes,
  ]);
}

export class AccountsMonitor {
  readonly #o: MonitorOptions;
  readonly #timers: MonitorTimers;
  readonly #watched = new Map<number, Watched>();
  readonly #viewListeners = new Set<(view: AccountsView) => void>();
  #handle: unknown;
  #stopped = false;
  #lastView: string | undefined;
  /** Checks that must have their chance before anything is judged stale (holdStaleUntil). */
  #staleHolds = 0;
  #lastTick: number | undefined;
  /** Accounts whose held alerts a digest told, and when (their threads count it as a push). */
  readonly #told = new Map<number, number>();
  #digesting: Promise<void> | undefined;

  constructor(options: MonitorOptions) {
    this.#o = options;
    this.#timers = options.timers ?? realTimers;
  }

  /** Evaluates now and then every interval; resolves once the first evaluation is done. */
  async start(): Promise<void> {
    if (this.#handle !== undefined) return;
    this.#lastTick = this.#o.wallClock?.();
    this.#handle = this.#timers.setInterval(() => {
      this.#tick();
    }, this.#o.intervalMs ?? 60_000);
    await this.refresh();
  }

  /**
   * Nothing is judged stale until `done` settles (a check after the machine woke, or at start):
   * a reading that aged while the machine slept is not news before its account had the chance
   * to be checked. The tray and the alerts alike.
   */
  holdStaleUntil(done: Promise<unknown>): void {
    this.#staleHolds += 1;
    void done
      .catch(() => undefined)
      .finally(() => {
        this.#staleHolds -= 1;
      });
  }

  #tick(): void {
    const wall = this.#o.wallClock?.();
    if (wall !== undefined && this.#lastTick !== undefined && wall - this.#lastTick > (this.#o.wakeGapMs ?? Infinity))
      try {
        this.#o.onWake?.();
      } catch (error: unknown) {
        this.#o.log?.(`monitor: after waking: ${messageOf(error)}`);
      }
    this.#lastTick = wall;
    void this.refresh();
  }

  /** The reading as it is judged now: never stale while a hold lasts. */
  #judged(reading: AccountReading): AccountReading {
    return this.#staleHolds > 0 ? { ...reading, staleAfterSeconds: Number.MAX_SAFE_INTEGER } : reading;
  }

  /** Stops for good (the app is closing): evaluations asked for later do nothing. */
  stop(): void {
    this.#stopped = true;
    if (this.#handle === undefined) return;
    this.#timers.clearInterval(this.#handle);
    this.#handle = undefined;
  }

  /** Reads the account list again and evaluates one account now (or every account). */
  async refresh(accountId?: number): Promise<AccountsView> {
    if (this.#stopped) return this.view();
    await this.#sync();
    await this.#digest();
    const targets =
      accountId === undefined
        ? [...this.#watched.values()]
        : [this.#watched.get(accountId)].filter((w) => w !== undefined);
    await Promise.all(targets.map((w) => this.#evaluate(w)));
    this.#emit();
    return this.view();
  }

  /** Calls `listener` with the view whenever it changes (and once now); returns the unsubscribe function. */
  onChange(listener: (view: AccountsView) => void): () => void {
    this.#viewListeners.add(listener);
    listener(this.view());
    return () => {
      this.#viewListeners.delete(listener);
    };
  }

  view(): AccountsView {
    const now = this.#nowSeconds();
    const accounts: WatchedStatus[] = [];
    for (const w of this.#watched.values()) {
      if (w.reading === undefined) continue;
      accounts.push({
        id: w.account.id,
        name: w.account.name,
        reading: w.reading,
        status: statusOf(this.#judged(w.reading), now),
      });
    }
    // Accounts not read yet count as unknown; no account at all is unknown too.
    const severities: Severity[] = accounts.map((a) => a.status.severity);
    if (accounts.length < this.#watched.size || this.#watched.size === 0) severities.push('unknown');
    const severity = worstSeverity(severities);
    return { severity, state: trayShape(severity), accounts, now };
  }

  #nowSeconds(): number {
    return Math.floor(this.#o.clock() / 1000);
  }

  async #sync(): Promise<void> {
    let list: WatchedAccount[];
    try {
      list = await this.#o.list();
    } catch (error: unknown) {
      this.#o.log?.(`monitor: cannot list the accounts: ${messageOf(error)}`);
      return;
    }
    const seen = new Set<number>();
    for (const account of list) {
      seen.add(account.id);
      const known = this.#watched.get(account.id);
      if (known !== undefined) {
        known.account = account;
        continue;
      }
      const stored = this.#o.memory.load(account.id);
      this.#watched.set(account.id, {
        account,
        reading: stored?.reading,
        episodes: stored?.episodes ?? NO_EPISODES,
        savedAt: stored?.evaluatedAt,
        savedKey: stored === undefined ? undefined : storedKey(stored.reading, stored.episodes),
        running: undefined,
        failure: undefined,
      });
    }
    for (const id of this.#watched.keys()) if (!seen.has(id)) this.#watched.delete(id);
  }

  /** One evaluation of one account at a time; a second call waits for the running one. */
  #evaluate(w: Watched): Promise<void> {
    w.running ??= this.#evaluateOnce(w)
      .catch((error: unknown) => {
        // Never a crash of the app (the store closing under it, say): logged, tried next time.
        if (!this.#stopped) this.#o.log?.(`monitor: evaluating "${w.account.name}" failed: ${messageOf(error)}`);
      })
      .finally(() => {
        w.running = undefined;
      });
    return w.running;
  }

  async #evaluateOnce(w: Watched): Promise<void> {
    const now = this.#nowSeconds();
    const preferences = this.#o.preferences?.() ?? DEFAULT_PREFERENCES;
    let reading: AccountReading;
    let source: AccountSource;
    try {
      reading = await readAccount(w.account, {
        nowSeconds: now,
        horizonDays: preferences.forecastDays,
        staleAfterSeconds: this.#o.staleAfterSeconds,
        previous: w.reading,
        remoteForecastEverySeconds: (this.#o.remoteForecastEveryMs ?? DEFAULT_REMOTE_FORECAST_MS) / 1000,
      });
      source = await w.account.open();
    } catch (error: unknown) {
      const text = messageOf(error);
      if (text !== w.failure) this.#o.log?.(`monitor: cannot read "${w.account.name}": ${text}`);
      w.failure = text;
      return;
    }
    w.failure = undefined;
    const status = statusOf(this.#judged(reading), now);
    const previous = w.episodes;
    const stepped = nextEpisodes(previous, reading, status, now);
    const drafts: AlertDraft[] = stepped.opened.map((e) => episodeAlert(e, reading, now, this.#o.timeZone));
    stepped.episodes.nextSummary = await this.#summaries(w, reading, source, now, drafts);
    if (reading.checkOutcome !== null) {
      const charges = await unexpectedCharges(source, previous.surprisesThrough, reading, now, this.#o.timeZone);
      stepped.episodes.surprisesThrough = charges.through;
      drafts.push(...charges.drafts);
    }
    const told = this.#told.get(w.account.id);
    const {
      episodes,
      alerts: delivered,
      over,
    } = deliver({
      accountId: w.account.id,
      drafts,
      episodes: stepped.episodes,
      reading,
      status,
      now,
      preferences,
      timeZone: this.#o.timeZone,
      snoozedUntil: this.#o.snoozedUntil?.(w.account.id),
      toldAt: told,
    });
    // The view shows the reading whether or not it can be stored (a read-only data folder).
    w.reading = reading;
    const key = storedKey(reading, episodes);
    if (
      delivered.length === 0 &&
      over.length === 0 &&
      key === w.savedKey &&
      w.savedAt !== undefined &&
      now - w.savedAt < HEARTBEAT_SECONDS
    ) {
      w.episodes = episodes;
      if (told !== undefined) this.#told.delete(w.account.id);
      return;
    }
    let alerts: Alert[];
    try {
      alerts = this.#o.memory.commit(
        w.account.id,
        now,
        reading,
        episodes,
        delivered.map(({ draft, held }) => ({
          ...draft,
          accountId: w.account.id,
          accountName: w.account.name,
          at: now,
          urgent: status.urgent,
          held,
        })),
      );
    } catch (error: unknown) {
      // Not stored (the disk full, say): nothing is said either, and the episodes stay as they
      // were, so the next evaluation raises these alerts again.
      this.#o.log?.(`monitor: cannot store the evaluation of "${w.account.name}": ${messageOf(error)}`);
      w.savedKey = undefined;
      return;
    }
    w.episodes = episodes;
    if (told !== undefined) this.#told.delete(w.account.id);
    w.savedAt = now;
    w.savedKey = key;
    const several = this.#watched.size > 1;
    alerts.forEach((alert, i) => {
      const d = delivered[i];
      this.#tell(alert, { push: d?.held !== true, several, state: status.severity, thread: d?.thread ?? null });
    });
    for (const thread of over)
      try {
        this.#o.onOver?.(thread);
      } catch (error: unknown) {
        this.#o.log?.(`monitor: a listener of alerts failed: ${messageOf(error)}`);
      }
  }

  #tell(alert: Alert, context: AlertContext): void {
    try {
      this.#o.onAlert?.(alert, context);
    } catch (error: unknown) {
      this.#o.log?.(`monitor: a listener of alerts failed: ${messageOf(error)}`);
    }
  }

  /**
   * After quiet hours, once: what they held, in one notification (digest.ts). Told before the
   * round's evaluations, so an account it named is not also reminded this morning.
   */
  #digest(): Promise<void> {
    this.#digesting ??= Promise.resolve()
      .then(() => {
        const now = this.#nowSeconds();
        const preferences = this.#o.preferences?.() ?? DEFAULT_PREFERENCES;
        if (inQuietHours(preferences.quietHours, now, this.#o.timeZone)) return;
        let held: Alert[];
        try {
          held = this.#o.memory.untold(now - DIGEST_LOOK_BACK_SECONDS);
          const last = held.at(-1);
          if (last === undefined) return;
          this.#o.memory.told(last.id);
        } catch (error: unknown) {
          this.#o.log?.(`monitor: cannot read what quiet hours held: ${messageOf(error)}`);
          return;
        }
        for (const alert of held) this.#told.set(alert.accountId, now);
        const digest = digestAlert(held, now, this.#o.timeZone);
        this.#tell(digest, { push: true, several: false, state: digest.severity, thread: null });
      })
      .finally(() => {
        this.#digesting = undefined;
      });
    return this.#digesting;
  }

  /**
   * Usage summaries at the end of each chosen period (day, ISO week, month of the zone). A period
   * chosen mid-way reports from its next end; ends missed while the app was closed give one
   * summary, for the latest period. A connected account's is asked only while its provider
   * answers; one that fails stays due for the next evaluation.
   */
  async #summaries(
    w: Watched,
    reading: AccountReading,
    source: AccountSource,
    now: number,
    drafts: AlertDraft[],
  ): Promise<Episodes['nextSummary']> {
    const next: Episodes['nextSummary'] = {};
    for (const period of reading.summary) {
      const due = w.episodes.nextSummary[period];
      const current = periodAround(period, now, this.#o.timeZone);
      if (due === undefined || now < due || reading.balance === null || (reading.checkOutcome ?? 'ok') !== 'ok') {
        next[period] = due ?? current.end;
        continue;
      }
      const ended = periodAround(period, current.start - 1, this.#o.timeZone);
      try {
        const usage = await source.usage(ended.start, ended.end);
        drafts.push(summaryAlert(period, ended.start, ended.end, usage.spent, reading.balance, this.#o.timeZone));
        next[period] = current.end;
      } catch {
        next[period] = due;
      }
    }
    return next;
  }

  #emit(): void {
    const view = this.view();
    const key = JSON.stringify([
      view.state,
      view.accounts.map((a) => [
        a.id,
        a.name,
        a.status,
        a.reading.balance,
        a.reading.warningLevel,
        a.reading.warningEnabled,
        a.reading.problem,
      ]),
    ]);
    if (key === this.#lastView) return;
    this.#lastView = key;
    for (const listener of [...(this.#o.onChange === undefined ? [] : [this.#o.onChange]), ...this.#viewListeners]) {
      try {
        listener(view);
      } catch (error: unknown) {
        this.#o.log?.(`monitor: a listener of the view failed: ${messageOf(error)}`);
      }
    }
  }
}
