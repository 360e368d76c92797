// What notification settings may be, checked the same way for the app API's bodies
// (app-requests.ts), the window's settings form and the CLI (through the domain, which applies a
// partial edit to the stored settings and then asks warningNeedsLevel of the result).
import { accepted, refused, type Checked } from './checked.ts';
import { MAX_WARNING_LEVEL } from './limits.ts';
import { ALERT_LEVELS, SUMMARY_PERIODS, type AlertLevel, type SummaryPeriod } from './vocabulary.ts';

/** A user's value, shown in an error message. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  return `a ${typeof value}`;
}

/** A list of allowed values (any case, repeats dropped), in the list's canonical (the spec's) order. */
function listOf<T extends string | number, F extends string>(
  field: F,
  value: unknown,
  allowed: readonly T[],
): Checked<T[], F> {
  if (!Array.isArray(value)) return refused(`${field} must be a list of ${allowed.join(', ')}`, field);
  const picked = new Set<T>();
  for (const v of value as unknown[]) {
    const match = allowed.find((a) => a === v || String(a) === shown(v).trim().toLowerCase());
    if (match === undefined) return refused(`${field} accepts only ${allowed.join(', ')}; got "${shown(v)}"`, field);
    picked.add(match);
  }
  return accepted(allowed.filter((a) => picked.has(a)));
}

export const summaryOf = (value: unknown): Checked<SummaryPeriod[], 'summary'> =>
  listOf('summary', value, SUMMARY_PERIODS);
export const alertsOf = <F extends 'disk' | 'bandwidth'>(field: F, value: unknown): Checked<AlertLevel[], F> =>
  listOf(field, value, ALERT_LEVELS);

/** Whole pence from 0 to MAX_WARNING_LEVEL, or none (null, "none" or empty). */
export function warningLevelOf(value: unknown): Checked<number | null, 'warningLevel'> {
  if (value === null || value === 'none' || value === '') return accepted(null);
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_WARNING_LEVEL) {
    return refused(
      `the warning level must be a whole number of pence from 0 to ${MAX_WARNING_LEVEL}, or none; got "${shown(value)}"`,
      'warningLevel',
    );
  }
  return accepted(n);
}

export function warningEnabledOf(value: unknown): Checked<boolean, 'warningEnabled'> {
  if (value === true || value === 'true') return accepted(true);
  if (value === false || value === 'false') return accepted(false);
  return refused(`warning enabled must be true or false; got "${shown(value)}"`, 'warningEnabled');
}

/** A warning that is on needs a level: the problem in words, or undefined. */
export function warningNeedsLevel(settings: {
  warningEnabled: boolean;
  warningLevel: number | null;
}): string | undefined {
  return settings.warningEnabled && settings.warningLevel === null
    ? 'Enter a warning level to turn the warning on.'
    : undefined;
}
