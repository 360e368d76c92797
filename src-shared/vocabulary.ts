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
 * had projected for that moment.
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
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * What a check of a connected account found when it compared the provider's balance with what the
 * provider had projected: more went than projected, by more than the account's threshold
 * (`unexpected_charge`), or more came in (`top_up`). Stored with the check; the monitor raises an
 * `unexpected_charge` alert for the first kind.
 */
export const SURPRISE_KINDS = ['unexpected_charge', 'top_up'] as const;
export type SurpriseKind = (typeof SURPRISE_KINDS)[number];
