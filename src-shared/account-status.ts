// How an account stands, decided once. The tray, the notifications, the window's pill, the
// page title, `account list`, `status`, `status --waybar` and `check` all call accountStatus()
// and only word or draw its answer, so no two of them can disagree about one account.
//
// Two independent facts make the status:
// - the balance against the warning level (from the last good reading, however old), and
// - the source: for a connected account, whether its provider answers, refuses the key, or has
//   not answered for too long (stale); a local account's source is always fine.
// The severity is the worse of the two, in this order: critical, warning, unknown, stale, ok.
// A stale or unreachable reading still tells its balance ("low, provider unreachable"), so a low
// balance is never hidden behind a failing provider, and an old "ok" never looks fresh.
import { comparePence } from './money/decimal.ts';
import type { AccountState } from './vocabulary.ts';

/** The balance against the warning level. `unknown`: no reading yet. */
export const BALANCE_STANDINGS = ['ok', 'low', 'below_zero', 'unknown'] as const;
export type BalanceStanding = (typeof BALANCE_STANDINGS)[number];

/** The source of the reading: `null` for a local account (this app's ledger is the truth). */
export const SOURCE_STANDINGS = ['ok', 'unreachable', 'key_refused', 'stale'] as const;
export type SourceStanding = (typeof SOURCE_STANDINGS)[number];

/**
 * Worst first. `check` exits 2, 1, 3, 3, 0 for them (the monitoring-plugins convention) and
 * Waybar's `class` is the name itself.
 */
export const SEVERITIES = ['critical', 'warning', 'unknown', 'stale', 'ok'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface AccountStatusInput {
  /** Exact pence of the last good reading, or null when nothing was read yet. */
  balance: string | number | null;
  warningEnabled: boolean;
  /** Whole pence, or null when no level is set. */
  warningLevel: number | null;
  /** A connected account's latest check: `ok`, `unreachable` or `key_refused`; null for a local account. */
  checkOutcome: 'ok' | 'unreachable' | 'key_refused' | null;
  /** Epoch seconds the provider last answered (a connected account), null if never. */
  lastAnsweredAt: number | null;
  /** Epoch seconds now. */
  now: number;
  /** A connected account's reading older than this many seconds is stale. */
  staleAfterSeconds: number;
  /** The forecast: first instant below the level and below zero (epoch seconds), if any. */
  forecastBelowLevelAt?: number | null;
  forecastZeroAt?: number | null;
  /** How far ahead a forecast crossing counts as a warning, in days. */
  horizonDays?: number;
  /**
   * Whole pence: a balance at or below it is critical (default 0, run out). `check --critical`
   * moves it; a balance at or below a level above zero reads `low`.
   */
  criticalLevel?: number;
}

export interface AccountStatus {
  balance: BalanceStanding;
  /** null for a local account. */
  source: SourceStanding | null;
  /** The forecast crosses the level (or zero) within the horizon, while the balance is not already there. */
  forecastLow: boolean;
  forecastZero: boolean;
  severity: Severity;
  /** Pushed even in quiet hours: below zero now, or forecast to reach zero within 24 hours. */
  urgent: boolean;
  /** No warning level is set or it is off: `ok` then only means "above zero". */
  noLevel: boolean;
}

const DAY = 86_400;

function balanceStanding(input: AccountStatusInput): BalanceStanding {
  if (input.balance === null) return 'unknown';
  if (comparePence(input.balance, 0) <= 0) return 'below_zero';
  if (input.warningEnabled && input.warningLevel !== null && comparePence(input.balance, input.warningLevel) < 0) {
    return 'low';
  }
  if (input.criticalLevel !== undefined && comparePence(input.balance, input.criticalLevel) <= 0) return 'low';
  return 'ok';
}

function sourceStanding(input: AccountStatusInput): SourceStanding | null {
  if (input.checkOutcome === null) return null;
  if (input.checkOutcome === 'key_refused') return 'key_refused';
  if (input.checkOutcome === 'unreachable') return 'unreachable';
  if (input.lastAnsweredAt === null || input.now - input.lastAnsweredAt > input.staleAfterSeconds) return 'stale';
  return 'ok';
}

/** The severity each cause brings: the one table the status and the monitor's alerts share. */
export const BALANCE_SEVERITY: Readonly<Record<BalanceStanding, Severity>> = {
  ok: 'ok',
  low: 'warning',
  below_zero: 'critical',
  unknown: 'unknown',
};
export const SOURCE_SEVERITY: Readonly<Record<SourceStanding, Severity>> = {
  ok: 'ok',
  stale: 'stale',
  unreachable: 'unknown',
  key_refused: 'critical',
};
/** A forecast crossing within the horizon (the level or zero) is a warning. */
export const FORECAST_SEVERITY: Severity = 'warning';

/**
 * What the balance brings: BALANCE_SEVERITY's, unless a critical level is given (`check
 * --critical`): then critical at or below it, and below the warning level or zero a warning.
 */
function balanceSeverity(input: AccountStatusInput, balance: BalanceStanding): Severity {
  if (input.criticalLevel === undefined || input.balance === null) return BALANCE_SEVERITY[balance];
  if (comparePence(input.balance, input.criticalLevel) <= 0) return 'critical';
  return balance === 'ok' ? 'ok' : 'warning';
}

/** The worse of some severities (`ok` for none). */
export function worstSeverity(severities: Iterable<Severity>): Severity {
  let worst = SEVERITIES.indexOf('ok');
  for (const s of severities) worst = Math.min(worst, SEVERITIES.indexOf(s));
  return SEVERITIES[worst] ?? 'ok';
}

function within(at: number | null | undefined, now: number, seconds: number): boolean {
  return at !== null && at !== undefined && at - now <= seconds;
}

export function accountStatus(input: AccountStatusInput): AccountStatus {
  const balance = balanceStanding(input);
  const source = sourceStanding(input);
  const horizon = (input.horizonDays ?? 7) * DAY;
  const levelOn = input.warningEnabled && input.warningLevel !== null;
  const forecastZero =
    balance !== 'below_zero' && balance !== 'unknown' && within(input.forecastZeroAt, input.now, horizon);
  const forecastLow = levelOn && balance === 'ok' && within(input.forecastBelowLevelAt, input.now, horizon);
  const severities: Severity[] = [balanceSeverity(input, balance)];
  if (source !== null) severities.push(SOURCE_SEVERITY[source]);
  if (forecastLow || forecastZero) severities.push(FORECAST_SEVERITY);
  return {
    balance,
    source,
    forecastLow,
    forecastZero,
    severity: worstSeverity(severities),
    urgent: balance === 'below_zero' || (forecastZero && within(input.forecastZeroAt, input.now, DAY)),
    noLevel: !levelOn,
  };
}

/**
 * A connected account's state from the outcome of its latest check (an error code, or `ok`;
 * none yet counts as ok): the provider refusing the key (`invalid_key`) is `key_refused`, any
 * other failure `unreachable`.
 */
export function checkState(outcome: string | null): AccountState {
  if (outcome === null || outcome === 'ok') return 'ok';
  return outcome === 'invalid_key' ? 'key_refused' : 'unreachable';
}

/** The exit status of `check` for a severity (monitoring-plugins: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN). */
export function checkExitCode(severity: Severity): 0 | 1 | 2 | 3 {
  switch (severity) {
    case 'ok':
      return 0;
    case 'warning':
      return 1;
    case 'critical':
      return 2;
    case 'unknown':
    case 'stale':
      return 3;
  }
}

/** The balance's standing in words (`account list`'s STATE column; statusWords leaves `ok` out). */
export const BALANCE_WORDS: Readonly<Record<BalanceStanding, string>> = {
  ok: 'ok',
  low: 'low',
  below_zero: 'below zero',
  unknown: 'no balance yet',
};

/** The provider's standing in words, where the provider is already named (`account list`'s PROVIDER column). */
export const SOURCE_WORDS: Readonly<Record<SourceStanding, string>> = {
  ok: 'ok',
  unreachable: 'unreachable',
  key_refused: 'key refused',
  stale: 'stale',
};

/** The forecast's warning in words ("runs out soon", "low soon"), or undefined when it gives none. */
export function forecastWords(status: AccountStatus): string | undefined {
  if (status.forecastZero) return 'runs out soon';
  return status.forecastLow ? 'low soon' : undefined;
}

/** How an account stands, in a few words: "ok", "low", "below zero, provider unreachable". */
export function statusWords(status: AccountStatus): string {
  const words: string[] = [];
  if (status.balance !== 'ok') words.push(BALANCE_WORDS[status.balance]);
  const forecast = forecastWords(status);
  if (forecast !== undefined) words.push(forecast);
  if (status.source === 'unreachable') words.push(`provider ${SOURCE_WORDS.unreachable}`);
  else if (status.source !== null && status.source !== 'ok') words.push(SOURCE_WORDS[status.source]);
  return words.length === 0 ? 'ok' : words.join(', ');
}
