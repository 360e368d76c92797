// The bounds of what the service accepts, for the window to check before it sends and the
// service to enforce (its messages name the same numbers).
import { hasControlCharacters } from './quote.ts';

/** An API key a user brings: printable ASCII without spaces, this long. */
export const API_KEY_LENGTH = { min: 16, max: 256 } as const;
const API_KEY_TEXT = /^[\x21-\x7e]+$/;

/** Why a key cannot be one, in words; undefined when it can. */
export function apiKeyProblem(key: string): 'length' | 'characters' | undefined {
  if (key.length < API_KEY_LENGTH.min || key.length > API_KEY_LENGTH.max) return 'length';
  return API_KEY_TEXT.test(key) ? undefined : 'characters';
}

/** Longest account name, in characters. */
export const MAX_ACCOUNT_NAME_LENGTH = 200;

/**
 * An account name as it is kept: trimmed, 1 to MAX_ACCOUNT_NAME_LENGTH characters, without
 * control characters (C0, C1, line separators, direction overrides: src-shared/quote.ts);
 * undefined when the text cannot be one.
 */
export function accountNameOf(name: string): string | undefined {
  const trimmed = name.trim();
  return trimmed === '' || trimmed.length > MAX_ACCOUNT_NAME_LENGTH || hasControlCharacters(trimmed)
    ? undefined
    : trimmed;
}

/** Longest note on a ledger entry or a recurring charge, in characters. */
export const MAX_NOTE_LENGTH = 500;

/** Highest warning level, in whole pence (£10 billion). */
export const MAX_WARNING_LEVEL = 1_000_000_000_000;

/** How far the forecast (and the chart, each way) looks, in days. */
export const HORIZON_DAYS = { min: 1, max: 3650, default: 90 } as const;

/** The ledger CSV's columns, in the order the CLI writes them (kind and note may be left out on import). */
export const CSV_COLUMNS = ['at', 'amount', 'kind', 'note'] as const;

/**
 * The columns a recurring charge's row adds: its period and its end (empty: none). A row with a
 * period is a recurring charge starting `at`, `amount` pence per period. The whole ledger's export
 * writes them after the entries, so the file restores the account; an import reads them back.
 */
export const RECURRING_CSV_COLUMNS = ['every', 'until'] as const;

/** The header of the whole ledger's export: the entries' columns, then the recurring charges'. */
export const ACCOUNT_CSV_COLUMNS = [...CSV_COLUMNS, ...RECURRING_CSV_COLUMNS] as const;

/**
 * A balance this app takes from a provider, and so ever stores, charts or forecasts from: a plain
 * decimal of pence with at most 15 digits before the point (under £10 trillion, exact as a
 * JavaScript number) and at most 30 after (the spec allows "many"; this app keeps 10). Anything
 * else is a bad answer, refused before it becomes a number (a `1` and 400 zeros would be
 * Infinity; a million fractional digits would stall the forecast's exact arithmetic).
 */
export const PROVIDER_BALANCE_DIGITS = { whole: 15, fraction: 30 } as const;

const PLAIN_DECIMAL = /^-?(\d+)(?:\.(\d+))?$/;

/** Why a provider's balance text cannot be taken, or undefined when it can. */
export function providerBalanceProblem(text: string): 'not_decimal' | 'too_large' | 'too_precise' | undefined {
  const m = PLAIN_DECIMAL.exec(text);
  if (m === null) return 'not_decimal';
  if ((m[1] ?? '').length > PROVIDER_BALANCE_DIGITS.whole) return 'too_large';
  if ((m[2] ?? '').length > PROVIDER_BALANCE_DIGITS.fraction) return 'too_precise';
  return undefined;
}
