// The app's own API (/app/..., docs/app-api.md): every route with what it takes and what it
// answers. The service's handlers are typed against `AppRoutes` and so is the window's client,
// so a field changed on one side and not the other fails `npm run typecheck`. Request bodies are
// validated at run time by the schemas in app-requests.ts (the types below come from them).
import type * as Requests from './app-requests.ts';
import type { Severity } from './account-status.ts';
import type { MonitorPreferences } from './quiet-hours.ts';
import type {
  AccountKind,
  AccountState,
  AlertDelivery,
  AlertKind,
  AlertLevel,
  ChargePeriod,
  DateOrder,
  DuplicatePolicy,
  EntryKind,
  ErrorCode,
  ResolutionStage,
  SummaryPeriod,
  SurpriseKind,
} from './vocabulary.ts';

/** The request bodies' types, inferred from their schemas. */
export type * from './app-requests.ts';
export type { AccountKind, AccountState, MonitorPreferences };

/** An instant as the API writes it: local wall time in the configured zone, and epoch seconds. */
export interface When {
  datetime: string;
  epochSeconds: number;
}

/** Where the window's key is: kept across restarts (`stored`) or for this session only. */
export type KeyState = 'stored' | 'session';

export interface VaultStatus {
  /** `keychain`: survives restarts in the OS keychain. `session`: in memory until exit. */
  mode: 'keychain' | 'session';
  /** Human name of the store, e.g. "GNOME Keyring (Secret Service)" or "this session only". */
  store: string;
  /** Why the key is session-only, when it is. */
  reason?: string;
}

/** Where scripts reach the local API, and whether it is listening. */
export interface LocalApiInfo {
  baseUrl: string | null;
  listening: boolean;
}

/**
 * What get_balance says (spec 2.1), declared once: the resolved instant as the document writes it
 * (`YYYY-MM-DD HH:MM:SS`) and the balance in pence as exact decimal text (never a float).
 */
export interface SpecBalance {
  datetime: string;
  balance: string;
}

/** The balance a check of the provider read: the provider's own text and datetime, and when. */
export interface Reading extends SpecBalance {
  at: When;
}

/**
 * get_balance's answer for one of the window's accounts, as JSON: the same values as its XML.
 * `understood` is null when a provider read the phrase (it does not say whether it understood it).
 */
export interface BalanceAnswer extends SpecBalance {
  understood: boolean | null;
}

/** One account the window works with (it holds the account's key). */
export interface AccountSummary {
  id: number;
  name: string;
  kind: AccountKind;
  /** A connected account's provider address ({base_url}); null for a local account. */
  baseUrl: string | null;
  /** From the latest check of the provider; a local account is always `ok`. */
  state: AccountState;
  /** The last check in which the provider answered is older than the stale threshold. */
  stale: boolean;
  /** The latest check, whatever came of it (null for a local account). */
  lastCheckedAt: When | null;
  /** The latest time the provider answered (null for a local account). */
  lastAnsweredAt: When | null;
  /** What went wrong at the latest check, in words (never the key); null when it went well. */
  problem: string | null;
  /** The latest balance a check read (null for a local account: ask get_balance). */
  reading: Reading | null;
  /** Where the window's key is kept; `invalid`: the key is refused now (revoked). */
  key: KeyState | 'invalid';
}

export interface Status {
  vault: VaultStatus;
  /** The accounts the window works with, oldest first; empty: onboarding. */
  accounts: AccountSummary[];
  timeZone: string;
  now: When;
  api: LocalApiInfo;
  /** Background checks of connected accounts: how often, and when a reading counts as stale. */
  checks: { intervalMinutes: number; staleAfterMinutes: number };
}

export interface AccountList {
  accounts: AccountSummary[];
}

/** An account this app keeps whose key the window does not hold (after a restart without a keychain): what to ask the key of. */
export interface KeptAccount {
  id: number;
  name: string;
  kind: AccountKind;
  /** The latest balance a check read (null for a local account, or never read). */
  reading: Reading | null;
}
export interface KeptList {
  accounts: KeptAccount[];
}
export interface AccountAnswer {
  account: AccountSummary;
}
/** A new account: its key, shown to the user once (the only time it reaches the page). */
export interface NewAccountAnswer extends AccountAnswer {
  newKey: string;
}

export interface Settings {
  warningEnabled: boolean;
  /** Whole pence, or null when no level is set. */
  warningLevel: number | null;
  summary: SummaryPeriod[];
  disk: AlertLevel[];
  bandwidth: AlertLevel[];
}

export interface LedgerEntry extends When {
  id: number;
  /** As written: positive pence (the kind gives the direction), signed for an adjustment. */
  amount: string;
  /** The entry's effect on the balance in pence: negative for a charge. */
  signedAmount: string;
  kind: EntryKind;
  note: string;
  /**
   * The running balance: the balance in pence just after this entry (entries of the same second
   * and the recurring charges up to that moment included), exact decimal text.
   */
  balanceAfter: string;
}

/** A page of the ledger, newest first; `nextOffset` is where the next (older) page starts. */
export interface LedgerPage {
  entries: LedgerEntry[];
  total: number;
  nextOffset: number | null;
}

export interface RecurringCharge {
  id: number;
  amount: string;
  every: ChargePeriod;
  note: string;
  from: When;
  until: When | null;
}

export interface RecurringList {
  recurring: RecurringCharge[];
}

export interface Resolved extends When {
  understood: boolean;
  stage: ResolutionStage;
}

/**
 * Chart values are JSON numbers of pence: drawing needs no exactness (get_balance has it).
 * A connected account's points are `observed` (a stored check) or `projected` (the provider's
 * own balance at a future instant); a local account's are `ledger`.
 */
export interface SeriesPoint extends When {
  balance: number;
  source: 'ledger' | 'observed' | 'projected';
}
export interface SeriesEvent extends When {
  amount: string;
  kind: EntryKind;
  signed: number;
}
/**
 * The forecast's range at one instant after now: the balance on its pessimistic path (`low`, p10)
 * and its optimistic one (`high`, p90), in pence. The chart shades between them.
 */
export interface SeriesBandPoint extends When {
  low: number;
  high: number;
}
export interface Series {
  points: SeriesPoint[];
  events: SeriesEvent[];
  warningLevel: number | null;
  now: number;
  /** The forecast's range after now, oldest first; absent or empty while the forecast has none. */
  band?: SeriesBandPoint[];
}

/** A crossing's earliest plausible (p10), likely (p50) and latest plausible (p90) instant; null: not within the horizon. */
export interface CrossingRange {
  p10: When | null;
  p50: When | null;
  p90: When | null;
}

/** How sure the forecast's range is; `collecting`: too little history, what is scheduled alone. */
export const FORECAST_CONFIDENCES = ['low', 'medium', 'high', 'collecting'] as const;
export type ForecastConfidence = (typeof FORECAST_CONFIDENCES)[number];

/** What the learned part of the forecast stands on (docs/forecast.md). */
export interface ForecastBasis {
  /** Days of history the unscheduled spending was learned from (at most 180). */
  days: number;
  /** Unscheduled charges in those days (a connected account: the falls its checks found beyond the provider's projection). */
  unscheduledCharges: number;
  /** Recency-weighted unscheduled spending a day in pence (one-offs left out), a plain decimal. */
  dailyRate: string;
  /** Under 14 days of history or 5 unscheduled charges: "collecting data", what is scheduled alone counts. */
  scheduledOnly: boolean;
  /** Pence a month scheduled (recurring charges; a connected account: its projection's fall), or null when not known. */
  scheduledPerMonth: string | null;
}

export interface ForecastAnswer {
  horizonDays: number;
  /** When the balance first drops below the warning level on the likely path (`range.belowWarning.p50`; null: not within the horizon, or no level). */
  belowWarning: When | null;
  /** When it first drops below zero on the likely path (`range.zero.p50`). */
  zero: When | null;
  /** Each crossing's range: p10 (earliest plausible), p50 (likely), p90 (latest plausible). */
  range: { belowWarning: CrossingRange; zero: CrossingRange };
  confidence: ForecastConfidence;
  basis: ForecastBasis;
  /** The exact balance now, in pence. */
  balanceNow: string;
}

/** A connected account's provider's clock against this machine's, from its latest check. */
export interface ProviderClockAnswer {
  /** The provider's own wall time now (`YYYY-MM-DD HH:MM:SS`, its zone): the latest check's plus the time since. */
  providerNow: string;
  /** Seconds its clock is ahead of this machine's (negative: behind). */
  offsetSeconds: number;
  /** More than a few minutes apart (CLOCK_TOLERANCE_SECONDS): the dashboard says so, and forecasts start at the provider's now. */
  differs: boolean;
  /** The check this comes from. */
  checkedAt: When;
}

/**
 * Everything the dashboard says about the account's future beside the balance: the forecast
 * (as /forecast, plus where it starts), the runway, where a short dip could hide, and the
 * provider's clock. A local account's `clock` is null and its forecast exact.
 */
export interface OutlookAnswer extends ForecastAnswer {
  /** Where the forecast starts: now, on the provider's clock for a connected account whose clock differs. */
  from: When;
  /** Whole days until the balance goes below zero on the likely path (src-shared/runway.ts): 0 at or below zero now, null beyond the horizon. */
  runwayDays: number | null;
  /** A connected account: a dip below the warning level shorter than a day could hide around here (null: nowhere). */
  shortDipPossibleAt: When | null;
  /** Why the crossings are unknown (a provider that does not answer for instants); null when they are known. */
  unknownBecause: string | null;
  clock: ProviderClockAnswer | null;
}

/** A top-up plan (src-main/domain/planner.ts): how much to add, by when, to stay at or above an amount until a date. */
export interface PlanAnswer {
  from: When;
  until: When;
  /** Whole pence to stay at or above. */
  keepAbove: number;
  /** Whole pence to add ("0": none needed). */
  topUp: string;
  /** The first instant the balance would fall below `keepAbove`: the top-up must arrive before it (null: none needed). */
  by: When | null;
  /** The lowest balance up to `until` without a top-up (on the pessimistic path when `pessimistic`). */
  lowest: When & { balance: string };
  /** Planned on the forecast's pessimistic path (the p10 balance: "with 9 chances in 10"); false: on what is scheduled alone (collecting data). */
  pessimistic: boolean;
  /** The plan in words ("To stay above £20.00 until 31 Mar 2027, top up £45.12 by Sun 17 Jan 2027."). */
  words: string;
}

/** An unexpected charge or a top-up a check found against the provider's projection. */
export interface SurpriseAnswer {
  /** The check's observation: one surprise per check at most. */
  id: number;
  kind: SurpriseKind;
  /** Positive pence: how much more went, or came in, than projected. */
  amount: string;
  /** The previous good reading (null: none) and the check that found it. */
  since: When | null;
  at: When;
  /** The balance the check read, and what it would have been as projected. */
  balance: string;
  expected: string;
  /** "£4.20 more than expected went between 09:00 and 09:10". */
  words: string;
}

export interface SurpriseList {
  surprises: SurpriseAnswer[];
  /** Whole pence a fall may exceed its projection by before it is an unexpected charge (default 100). */
  thresholdPence: number;
}

/** What an import wrote, and the rows already in the ledger it left out (`duplicates=skip`). */
export interface ImportAnswer {
  /** Rows written: entries and recurring charges. */
  imported: number;
  skipped: number;
  /** How many of the rows written were recurring charges. */
  recurring: number;
}

/**
 * Every refusal: a 4xx (or 503) status with this body. `line` names a CSV line; `duplicates`
 * says how many of an import's rows were already in the ledger (409 `duplicates`).
 */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; line?: number; duplicates?: { found: number; rows: number } };
}

/** Which entries: those of one kind, those whose note contains `q` (any case). */
export interface LedgerFilter {
  kind?: EntryKind;
  q?: string;
}
export interface LedgerQuery extends LedgerFilter {
  limit?: number;
  offset?: number;
}
export interface ImportQuery {
  dateOrder?: DateOrder;
  duplicates?: DuplicatePolicy;
}
export interface SeriesQuery {
  from?: string;
  to?: string;
  points?: number;
}

/**
 * One stored alert: raised once per episode by the monitor (see docs/warnings.md), stored
 * first, then pushed through the channels that exist unless quiet hours held it back.
 */
export interface Alert {
  id: number;
  accountId: number;
  /** The account's name when the alert was raised. */
  accountName: string;
  at: When;
  kind: AlertKind;
  /** How grave: `ok` for a usage summary (news, not a problem). */
  severity: Severity;
  /** Pushed even in quiet hours (below zero, or forecast to reach zero within 24 hours). */
  urgent: boolean;
  /** A short title ("Balance is low") and the sentence that says it with the amounts in pounds. */
  title: string;
  text: string;
  /** Exact pence of the balance it is about, and the warning level (whole pence), when they apply. */
  balance: string | null;
  level: number | null;
  read: boolean;
  delivery: AlertDelivery;
}

/** Stored alerts newest first; `nextBefore`: the id to ask `before=` for the older page (null: no more). */
export interface AlertPage {
  alerts: Alert[];
  /** Unread alerts over every account (the header's count). */
  unread: number;
  nextBefore: number | null;
}

/**
 * The monitor's stored alerts as the desktop shell reads them (the tray's newest-alerts menu; its
 * notifications are channels, told of each alert as it is raised). The window reads the same
 * alerts through the routes below.
 */
export interface AlertFeed {
  /** The newest stored alerts, newest first. */
  recent(limit: number): Alert[];
  unreadCount(): number;
  /** Marks alerts read (every one with `all`); returns the unread count after. */
  markRead(which: { ids: number[] } | { all: true }): number;
}

/** An account's snooze: no reminders for it until `until` (a worse state still alerts at once). */
export interface Snooze {
  accountId: number;
  until: When;
}

/** Every running snooze, and when "Snooze until tomorrow" would end (quiet hours' end, tomorrow). */
export interface SnoozeList {
  snoozes: Snooze[];
  tomorrow: When;
}

/** No body (a 204 answer, or a request without one). */
export type Empty = null;

/**
 * Every route: `query` and `body` are what the window sends, `response` what a 2xx carries.
 * `xml` routes answer the spec's XML document as text; `/import` takes the CSV file as text.
 * Everything account-specific is addressed by the account's id, so two tabs can show two accounts.
 */
export interface AppRoutes {
  'GET /app/status': { query: Empty; body: Empty; response: Status };
  /** Live updates: answers once the data changed since generation `since`, or after about 25 s. */
  'GET /app/changes': { query: { since?: number }; body: Empty; response: { generation: number } };
  'GET /app/resolve': { query: { text: string; dateOrder?: DateOrder }; body: Empty; response: Resolved };
  // Adding an account to the window: a key this app knows, a new local account, the demo, a provider.
  'POST /app/key': { query: Empty; body: Requests.KeyRequest; response: AccountAnswer };
  /** The accounts this app keeps that the window does not hold: no keys, only what names them. */
  'GET /app/kept': { query: Empty; body: Empty; response: KeptList };
  'POST /app/account': { query: Empty; body: Requests.AccountRequest; response: NewAccountAnswer };
  'POST /app/demo': { query: Empty; body: Empty; response: NewAccountAnswer };
  'POST /app/connect': { query: Empty; body: Requests.ConnectRequest; response: AccountAnswer };
  // One account (`:id`, one the window holds the key of).
  'GET /app/accounts': { query: Empty; body: Empty; response: AccountList };
  'GET /app/accounts/:id': { query: Empty; body: Empty; response: AccountSummary };
  'DELETE /app/accounts/:id': { query: Empty; body: Empty; response: Empty };
  /** The account's key, read from the keychain when the user asks ("Copy key", a curl line to paste). */
  'GET /app/accounts/:id/key': { query: Empty; body: Empty; response: { key: string } };
  'DELETE /app/accounts/:id/key': { query: Empty; body: Empty; response: Empty };
  'POST /app/accounts/:id/refresh': { query: Empty; body: Requests.RefreshRequest; response: AccountSummary };
  /** get_balance as JSON (what the window reads); `datetime` as the spec endpoint takes it. */
  'GET /app/accounts/:id/balance': { query: { datetime?: string }; body: Empty; response: BalanceAnswer };
  'GET /app/accounts/:id/xml/get_balance': { query: { datetime?: string }; body: Empty; response: string };
  'GET /app/accounts/:id/xml/get_notification_settings': { query: Empty; body: Empty; response: string };
  'GET /app/accounts/:id/settings': { query: Empty; body: Empty; response: Settings };
  'PUT /app/accounts/:id/settings': { query: Empty; body: Requests.SettingsEdit; response: Settings };
  'GET /app/accounts/:id/ledger': { query: LedgerQuery; body: Empty; response: LedgerPage };
  'POST /app/accounts/:id/ledger': { query: Empty; body: Requests.NewEntryRequest; response: LedgerEntry };
  /** An entry changed (all its fields); it keeps its id. */
  'PUT /app/accounts/:id/ledger/:entry': { query: Empty; body: Requests.NewEntryRequest; response: LedgerEntry };
  'DELETE /app/accounts/:id/ledger/:entry': { query: Empty; body: Empty; response: Empty };
  /** The entries the filter lets through as a CSV file in the import's format, oldest first. */
  'GET /app/accounts/:id/ledger.csv': { query: LedgerFilter; body: Empty; response: string };
  'GET /app/accounts/:id/recurring': { query: Empty; body: Empty; response: RecurringList };
  'POST /app/accounts/:id/recurring': { query: Empty; body: Requests.NewRecurringRequest; response: RecurringCharge };
  /** Stops a charge from a date on (now or later: past balances stay as they were). */
  'POST /app/accounts/:id/recurring/:entry/end': {
    query: Empty;
    body: Requests.EndRecurringRequest;
    response: RecurringCharge;
  };
  'DELETE /app/accounts/:id/recurring/:entry': { query: Empty; body: Empty; response: Empty };
  'POST /app/accounts/:id/import': { query: ImportQuery; body: string; response: ImportAnswer };
  'GET /app/accounts/:id/series': { query: SeriesQuery; body: Empty; response: Series };
  'GET /app/accounts/:id/forecast': { query: { days?: number }; body: Empty; response: ForecastAnswer };
  // The monitor's alerts (every account's) and its app-wide preferences (quiet hours, forecast days).
  'GET /app/alerts': { query: { limit?: number; before?: number }; body: Empty; response: AlertPage };
  /** Marks alerts read: `{ ids: [...] }` or `{ all: true }`; answers the unread count after. */
  'POST /app/alerts/read': { query: Empty; body: Requests.MarkAlertsRead; response: { unread: number } };
  'GET /app/preferences': { query: Empty; body: Empty; response: MonitorPreferences };
  'PUT /app/preferences': { query: Empty; body: Requests.PreferencesEdit; response: MonitorPreferences };
  /** Snoozed accounts (reminders held until a time). */
  'GET /app/snoozes': { query: Empty; body: Empty; response: SnoozeList };
  /** Snoozes an account's reminders: `until` a phrase (absent: tomorrow when quiet hours end), or `null` to resume them. */
  'PUT /app/snoozes/:id': { query: Empty; body: Requests.SnoozeRequest; response: SnoozeList };
  /** The forecast with where it starts, the runway, a possible short dip and the provider's clock. */
  'GET /app/accounts/:id/outlook': { query: { days?: number }; body: Empty; response: OutlookAnswer };
  /** A top-up plan: `until` a phrase (read against the account's now), `keepAbove` whole pence (default: the warning level, else 0). */
  'GET /app/accounts/:id/plan': {
    query: { until: string; keepAbove?: number; dateOrder?: DateOrder };
    body: Empty;
    response: PlanAnswer;
  };
  /** Unexpected charges and top-ups found by checks in a range (default: the last 90 days), oldest first. */
  'GET /app/accounts/:id/surprises': { query: SeriesQuery; body: Empty; response: SurpriseList };
  'PUT /app/accounts/:id/surprises/threshold': {
    query: Empty;
    body: Requests.ThresholdRequest;
    response: SurpriseList;
  };
  /** A connected account's stored checks as CSV (src-main/domain/observations-csv.ts), oldest first. */
  'GET /app/accounts/:id/observations.csv': { query: SeriesQuery; body: Empty; response: string };
}

export type AppRoute = keyof AppRoutes;
export type ResponseOf<R extends AppRoute> = AppRoutes[R]['response'];
export type BodyOf<R extends AppRoute> = AppRoutes[R]['body'];
export type QueryOf<R extends AppRoute> = AppRoutes[R]['query'];

/** The largest JSON body a route takes, and the largest CSV file the import takes. */
export const JSON_BODY_LIMIT = 64 * 1024;
export const CSV_BODY_LIMIT = 128 * 1024 * 1024;

/** The alert page sizes the service gives. */
export const ALERT_PAGE = { default: 50, max: 500 } as const;

/** The ledger page sizes the service gives. */
export const LEDGER_PAGE = { default: 200, max: 1000 } as const;
