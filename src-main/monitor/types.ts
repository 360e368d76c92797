// The monitor's words: what it reads of an account (the inputs of src-shared/account-status.ts,
// which decides how the account stands), the episodes it remembers, and what the tray is shown.
import type { AccountStatus, Severity } from '../../src-shared/account-status.ts';
import type { Alert } from '../../src-shared/app-api.ts';
import type { AccountKind, AlertKind, Episode, SummaryPeriod, ThreadKind } from '../../src-shared/vocabulary.ts';
import type { AccountSource, CrossingRange } from '../domain/account-source.ts';

/** A forecast's crossings as ranges (epoch seconds). */
export interface ForecastRange {
  belowWarning: CrossingRange;
  zero: CrossingRange;
}
import type { AccountOverview } from '../domain/accounts.ts';

/** An account the app can read: a local one, or a connected one whose key it holds. */
export interface WatchedAccount {
  id: number;
  name: string;
  kind: AccountKind;
  /** The account as the app knows it now (a connected one: its latest check); undefined when it is gone. */
  overview(): AccountOverview | undefined;
  /** Its source, looked up at every evaluation (the key may have been forgotten or revoked since). */
  open(): Promise<AccountSource>;
}

/**
 * What the monitor last read of an account: accountStatus()'s inputs but `now`, and the summary
 * periods. Stored (account_watch.reading), so `status` and `check` read it without asking anyone.
 */
export interface AccountReading {
  /** Exact pence of the last good reading; null when nothing was read yet. */
  balance: string | null;
  /** When that balance was read, epoch seconds (a connected account: its latest good check). */
  readAt: number | null;
  warningEnabled: boolean;
  warningLevel: number | null;
  summary: SummaryPeriod[];
  /** A connected account's latest check; null for a local account. */
  checkOutcome: 'ok' | 'unreachable' | 'key_refused' | null;
  lastAnsweredAt: number | null;
  staleAfterSeconds: number;
  /** The forecast's first instants below the level and below zero within `horizonDays`. */
  forecastBelowLevelAt: number | null;
  forecastZeroAt: number | null;
  /** When the forecast was made (epoch seconds); null: none yet (the forecast episodes wait). */
  forecastAt: number | null;
  /**
   * Where that forecast started (its `from`: the provider's now when its clock differs), for the
   * runway; absent: `forecastAt`.
   */
  forecastFrom?: number | null;
  /**
   * Each crossing's earliest plausible (p10), likely (p50: the two above) and latest plausible
   * (p90) instant; the forecast alerts fire on p10 and say the range. Absent: a reading stored
   * before the forecast had a range (its crossings count as all three).
   */
  forecastRange?: ForecastRange | null;
  horizonDays: number;
  /** What went wrong, in words, when the latest check (or reading) failed. */
  problem: string | null;
}

/** Episodes: an alert is raised when one opens, never again until it closes (see episodes.ts). */
export { EPISODES, type Episode, THREAD_KINDS, type ThreadKind } from '../../src-shared/vocabulary.ts';

export const THREAD_OF: Readonly<Record<Episode, ThreadKind>> = {
  below_zero: 'balance',
  low: 'balance',
  forecast_zero: 'balance',
  forecast_level: 'balance',
  key_refused: 'provider',
  unreachable: 'provider',
  stale: 'provider',
};

/** One account's thread as channels see it: `key` is the same for its whole life, and only its. */
export interface Thread {
  /** `3-balance-1795000000`: the account, the kind and when the thread began (safe in a URL path). */
  key: string;
  accountId: number;
  kind: ThreadKind;
}

/** What the monitor remembers of a thread: when it began, and when an alert of it was last pushed. */
export interface ThreadMemory {
  since: number;
  /** Epoch seconds of its last push (an alert, a reminder, the digest that told it); null: none yet. */
  pushedAt: number | null;
}

export interface Episodes {
  open: Episode[];
  /** When each episode last closed (epoch seconds): one that opens again soon after is the same episode (damping.ts). */
  closedAt?: Partial<Record<Episode, number>>;
  /** The account's open threads (see ThreadKind). */
  threads?: Partial<Record<ThreadKind, ThreadMemory>>;
  /** The night (quiet-times.ts) an urgent alert of this account last broke through quiet hours. */
  urgentNight?: string;
  /** When an unexpected charge of this account was last raised (they are damped like episodes). */
  surpriseAt?: number;
  /** When each chosen usage summary is next due (epoch seconds: the end of the current period). */
  nextSummary: Partial<Record<SummaryPeriod, number>>;
  /**
   * A connected account: the latest check (observation id) whose unexpected charge has been
   * raised, or seen when the monitor first looked; undefined until then (surprises.ts).
   */
  surprisesThrough?: number;
}

export const NO_EPISODES: Episodes = { open: [], nextSummary: {} };

/** An alert before it is stored. */
export interface AlertDraft {
  kind: AlertKind;
  episode: Episode | null;
  severity: Severity;
  title: string;
  body: string;
  balance: string | null;
  level: number | null;
}

/** Where the monitor keeps its memory and its alerts (the store, wired in src-main/core.ts). */
export interface MonitorMemory {
  load(accountId: number): { evaluatedAt: number; reading: AccountReading; episodes: Episodes } | undefined;
  /**
   * Stores the account's evaluation and the alerts it raised in one transaction (so a crash
   * neither repeats nor loses an alert); returns the alerts as the app API shows them.
   */
  commit(
    accountId: number,
    evaluatedAt: number,
    reading: AccountReading,
    episodes: Episodes,
    alerts: NewMonitorAlert[],
  ): Alert[];
  /** Alerts held by quiet hours that no digest has told yet, oldest first, none raised before `since`. */
  untold(since: number): Alert[];
  /** A digest told the held alerts up to this id. */
  told(throughId: number): void;
}

export interface NewMonitorAlert extends AlertDraft {
  accountId: number;
  accountName: string;
  at: number;
  urgent: boolean;
  /** Raised in quiet hours and not urgent: stored and shown, not pushed. */
  held: boolean;
}

/** The icon's shape in the tray: one of three, so it reads on monochrome panels too. */
export type TrayShape = 'ok' | 'low' | 'unknown';

export interface WatchedStatus {
  id: number;
  name: string;
  reading: AccountReading;
  status: AccountStatus;
}

/** Every watched account with how it stands, and the worst over them (the tray draws it). */
export interface AccountsView {
  severity: Severity;
  /** The tray icon's shape for `severity` (trayShape()). */
  state: TrayShape;
  accounts: WatchedStatus[];
  /** When it was drawn up, epoch seconds (for the ages of readings). */
  now: number;
}
