// The words of the contract: every closed list of values the service, the window and the CLI
// must agree on, written once. Orders are the spec's where it has one.

/** Ledger entry kinds: topup and refund add, charge subtracts, adjustment carries its own sign. */
export const ENTRY_KINDS = ['topup', 'refund', 'charge', 'adjustment'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** The calendar periods a recurring charge is per. */
export const CHARGE_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type ChargePeriod = (typeof CHARGE_PERIODS)[number];

/** Usage summaries, in the order the spec lists them (daily, monthly, weekly). */
export const SUMMARY_PERIODS = ['daily', 'monthly', 'weekly'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];

/** Disk and bandwidth alert thresholds in percent, in the spec's order. */
export const ALERT_LEVELS = [70, 80, 90] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/**
 * Which stage of the date resolver understood a phrase: PHP's strtotime, the English phrase
 * reader for what PHP rejects (src-main/dates/README.md), or "none" (it means now).
 */
export type ResolutionStage = 'strtotime' | 'phrase' | 'none';

/** Where an account lives: this app's own ledger, or a provider this app is connected to. */
export const ACCOUNT_KINDS = ['local', 'remote'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** A connected account's state from the latest check of its provider (a local account is always ok). */
export const ACCOUNT_STATES = ['ok', 'unreachable', 'key_refused'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/**
 * Which number comes first in a slashed numeric date (`01/07/2026`): `mdy` is PHP's reading (7
 * January) and the spec endpoints' always; `dmy` reads it day first (1 July), as in the UK.
 */
export const DATE_ORDERS = ['mdy', 'dmy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

/**
 * What an import does with rows already in the ledger (same instant, kind, amount and note):
 * `ask` refuses the whole file and says how many, `skip` leaves them out, `import` writes them.
 */
export const DUPLICATE_POLICIES = ['ask', 'skip', 'import'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];

/**
 * What a stored alert is about. The monitor raises each once per episode, stores it, then pushes
 * it through the channels that exist (window, OS notifications, tray, webhook); `status` and
 * `check` read the stored state. `unexpected_charge`: the provider's balance fell by more than it
 * had projected for that moment. `digest`: what quiet hours held, pushed when they end and never
 * stored (the alerts it sums up are).
 */
export const ALERT_KINDS = [
  'low',
  'below_zero',
  'forecast',
  'summary',
  'unreachable',
  'key_refused',
  'stale',
  'unexpected_charge',
  'digest',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * The monitor's episodes, gravest first: an alert is raised when one opens and never again until
 * it closes (src-main/monitor/episodes.ts). Stored with each account's evaluation
 * (account_watch.episodes), so a restart while low says nothing new.
 */
export const EPISODES = [
  'below_zero',
  'low',
  'forecast_zero',
  'forecast_level',
  'key_refused',
  'unreachable',
  'stale',
] as const;
export type Episode = (typeof EPISODES)[number];

/**
 * The notifications an account's alerts belong to: its balance (low, below zero, the forecast,
 * their reminders) and its provider (a refused key, not answering, out of date). A later alert
 * of a thread replaces what the earlier one showed; the thread's end closes it.
 */
export const THREAD_KINDS = ['balance', 'provider'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

/**
 * Every error code an answer of this app can carry (the spec endpoints' XML `<code>`, the app
 * API's JSON `error.code`, the CLI's refusals), by who raises it. The service maps each to one
 * HTTP status in src-main/service/errors.ts; the window turns some into designed states.
 */
/** Bad input or a refused request, raised by the domain (the app API and the CLI alike). */
export const DOMAIN_ERROR_CODES = [
  'missing_key',
  'invalid_key',
  'invalid_settings',
  'invalid_entry',
  'invalid_recurring',
  'invalid_account',
  'bad_csv',
  /** An import found rows already in the ledger and was told to ask. */
  'duplicates',
  'not_found',
  /** The window asked about an account it does not hold the key of (or one that is gone). */
  'unknown_account',
  'conflict',
  /** A key this app already knows, given to connect or register: connected already, kept here, or revoked. */
  'key_in_use',
  /** Another account already has the name asked for. */
  'name_taken',
  /** The ledger and settings of a connected account are its provider's, not this app's. */
  'managed_by_provider',
  /** A top-up plan that cannot be made: an end in the past, too far ahead, a bad amount to keep above. */
  'invalid_plan',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** What can go wrong when asking a provider (`invalid_key`: it refused the key, HTTP 403). */
export const PROVIDER_ERROR_CODES = [
  'provider_unreachable',
  'provider_timeout',
  'provider_bad_answer',
  'invalid_key',
  'invalid_url',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

/** Refusals of the transport, the guards, the request's shape and the database. */
export const SERVICE_ERROR_CODES = [
  'bad_request',
  'headers_too_large',
  'timeout',
  'forbidden_host',
  'uri_too_long',
  'method_not_allowed',
  'forbidden_origin',
  'token_required',
  'unsupported_media_type',
  'too_large',
  'invalid_request',
  /** The CSV upload broke off before its end. */
  'upload_failed',
  'import_running',
  /** Too many pages wait on the change feed at once. */
  'too_many_waiting',
  /** Connecting: the provider refused the key (never the local `invalid_key`, "revoked here"). */
  'key_refused',
  'store_busy',
  'disk_full',
  'read_only',
  'store_unavailable',
  'internal_error',
] as const;
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

export type ErrorCode = DomainErrorCode | ProviderErrorCode | ServiceErrorCode;
export const ERROR_CODES: readonly ErrorCode[] = [
  ...new Set<ErrorCode>([...DOMAIN_ERROR_CODES, ...PROVIDER_ERROR_CODES, ...SERVICE_ERROR_CODES]),
];

/** Whether a text is one of this app's error codes (an answer read back, by the window or a test). */
export function isErrorCode(text: string): text is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(text);
}

/**
 * What became of a stored alert: `pushed` through the channels that exist (OS notifications,
 * the webhook, the terminal running `serve`), or `held`: raised in quiet hours and not urgent,
 * so only stored and shown.
 */
export const ALERT_DELIVERIES = ['pushed', 'held'] as const;
export type AlertDelivery = (typeof ALERT_DELIVERIES)[number];

/** The body a webhook is sent: this app's JSON, or the form ntfy servers take (title, priority, tags). */
export const NOTIFY_FORMATS = ['json', 'ntfy'] as const;
export type NotifyFormat = (typeof NOTIFY_FORMATS)[number];

/**
 * What a check of a connected account found when it compared the provider's balance with what the
 * provider had projected: more went than projected, by more than the account's threshold
 * (`unexpected_charge`), or more came in (`top_up`). Stored with the check; the monitor raises an
 * `unexpected_charge` alert for the first kind.
 */
export const SURPRISE_KINDS = ['unexpected_charge', 'top_up'] as const;
export type SurpriseKind = (typeof SURPRISE_KINDS)[number];

/** What a CSV file's amounts are in, as the window's import asks: pounds (every other money field) or pence (the format's own, what an export writes). */
export const CSV_UNITS = ['pounds', 'pence'] as const;
export type CsvUnits = (typeof CSV_UNITS)[number];
