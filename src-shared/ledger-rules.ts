// What a ledger entry and a recurring charge may be, checked the same way wherever one comes
// from: the app API's bodies (app-requests.ts, 400 for a refusal), the window's forms (next to
// the field), the CLI and a CSV line (the domain, which adds only what needs the store: the
// date's range, a charge's end against now). Lenient where people type: a kind or period in any
// case, an empty kind meaning a top-up.
import { accepted, refused, type Checked } from './checked.ts';
import { MAX_NOTE_LENGTH } from './limits.ts';
import { formatUnits, parseAmountUnits } from './money/decimal.ts';
import { hasControlCharacters } from './quote.ts';
import { CHARGE_PERIODS, ENTRY_KINDS, type ChargePeriod, type EntryKind } from './vocabulary.ts';

/**
 * Instants the ledger keeps: [-2^34, 2^34) epoch seconds, about the years 1425 to 2514 (what the
 * store's running-sum index is built for). The domain refuses a date outside them; the window's
 * date fields say so as the date is typed.
 */
export const LEDGER_MIN_INSTANT = -(2 ** 34);
export const LEDGER_MAX_INSTANT = 2 ** 34 - 1;

/** Why an instant cannot be a ledger date, or undefined when it can. */
export function ledgerInstantProblem(at: number): string | undefined {
  return Number.isInteger(at) && at >= LEDGER_MIN_INSTANT && at <= LEDGER_MAX_INSTANT
    ? undefined
    : 'the date is outside the range the ledger keeps (about the years 1425 to 2514)';
}

export interface EntryFields {
  kind: EntryKind;
  /** As written, canonical decimal pence (positive but for an adjustment). */
  amount: string;
  /** The signed effect on the balance, 1e-10 pence. */
  units: bigint;
  note: string;
}

export interface RecurringFields {
  every: ChargePeriod;
  amount: string;
  /** Per period, 1e-10 pence, positive. */
  units: bigint;
  note: string;
}

/** A known kind (any case; absent or empty: topup). */
export function entryKindOf(kind: unknown): Checked<EntryKind, 'kind'> {
  const k = kind === undefined || kind === null || kind === '' ? 'topup' : kind;
  const match = ENTRY_KINDS.find((e) => e === (typeof k === 'string' ? k.trim().toLowerCase() : k));
  return match === undefined
    ? refused(`the kind must be one of ${ENTRY_KINDS.join(', ')}; got "${String(kind)}"`, 'kind')
    : accepted(match);
}

/** A known period (any case). */
export function chargePeriodOf(every: unknown): Checked<ChargePeriod, 'every'> {
  const match = CHARGE_PERIODS.find((p) => p === (typeof every === 'string' ? every.trim().toLowerCase() : every));
  return match === undefined
    ? refused(`every must be one of ${CHARGE_PERIODS.join(', ')}; got "${String(every)}"`, 'every')
    : accepted(match);
}

/** A note: text without control characters, at most MAX_NOTE_LENGTH characters (absent: empty). */
export function noteOf(note: unknown): Checked<string, 'note'> {
  if (note === undefined || note === null) return accepted('');
  if (typeof note !== 'string') return refused('the note must be text', 'note');
  // Control characters (NUL, escape sequences, C1, direction overrides) would corrupt terminals
  // and CSV exports, or reorder what a note shows; tab and line feed are text.
  if (hasControlCharacters(note, true)) return refused('the note contains control characters', 'note');
  if (note.length > MAX_NOTE_LENGTH) return refused(`the note is longer than ${MAX_NOTE_LENGTH} characters`, 'note');
  return accepted(note);
}

function unitsOf(amount: unknown): Checked<bigint, 'amount'> {
  const text = typeof amount === 'number' ? String(amount) : typeof amount === 'string' ? amount : '';
  const parsed = parseAmountUnits(text);
  return typeof parsed === 'string' ? refused(parsed, 'amount') : accepted(parsed);
}

/** Every problem of several checks, the first one as the problem. */
function firstOf<F extends string>(checks: Checked<unknown, F>[]): Checked<never, F> | undefined {
  let failed: Checked<never, F> | undefined;
  for (const c of checks) {
    if (c.ok) continue;
    if (failed === undefined || failed.ok) failed = { ok: false, problem: c.problem, fields: {} };
    Object.assign(failed.fields, c.fields);
  }
  return failed;
}

/** An entry's kind, amount and note: a positive amount of pence (the kind gives the direction), signed for an adjustment. */
export function entryFields(amount: unknown, kind: unknown, note: unknown): Checked<EntryFields, keyof EntryFields> {
  const k = entryKindOf(kind);
  const units = unitsOf(amount);
  const n = noteOf(note);
  if (!k.ok || !units.ok || !n.ok) return firstOf<keyof EntryFields>([k, units, n]) ?? refused('not an entry');
  if (k.value === 'adjustment') {
    if (units.value === 0n) return refused('an adjustment of zero changes nothing', 'amount');
  } else if (units.value <= 0n) {
    return refused(
      `a ${k.value} is written as a positive amount of pence (the kind gives the direction); use an adjustment for a signed correction`,
      'amount',
    );
  }
  return accepted({
    kind: k.value,
    amount: formatUnits(units.value),
    units: k.value === 'charge' ? -units.value : units.value,
    note: n.value,
  });
}

/** A recurring charge's amount (positive pence per period), period and note. */
export function recurringFields(
  amount: unknown,
  every: unknown,
  note: unknown,
): Checked<RecurringFields, keyof RecurringFields> {
  const units = unitsOf(amount);
  const period = chargePeriodOf(every);
  const n = noteOf(note);
  if (!units.ok || !period.ok || !n.ok)
    return firstOf<keyof RecurringFields>([units, period, n]) ?? refused('not a recurring charge');
  if (units.value <= 0n) return refused('a recurring charge is a positive amount of pence per period', 'amount');
  return accepted({ every: period.value, amount: formatUnits(units.value), units: units.value, note: n.value });
}
