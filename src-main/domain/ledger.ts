// Ledger input rules: amounts are written as positive pence and the kind gives the direction
// (topup and refund add, charge subtracts, adjustment carries its own sign).
import { formatUnits, parseAmountUnits } from '../../src-shared/money/decimal.ts';
import { MAX_NOTE_LENGTH } from '../../src-shared/limits.ts';
import { CHARGE_PERIODS, ENTRY_KINDS, type ChargePeriod, type EntryKind } from '../../src-shared/vocabulary.ts';
import type { NewEntry, NewRecurring } from '../store/index.ts';
import { MAX_INSTANT, MIN_INSTANT } from '../store/ledger-index.ts';
import { DomainError, type DomainErrorCode } from './errors.ts';

export function checkInstant(at: number, code: DomainErrorCode): number {
  if (!Number.isInteger(at) || at < MIN_INSTANT || at > MAX_INSTANT) {
    throw new DomainError(code, 'the date is outside the range the ledger keeps (about the years 1425 to 2514)');
  }
  return at;
}

export function checkNote(note: unknown, code: DomainErrorCode): string {
  if (note === undefined || note === null) return '';
  if (typeof note !== 'string') throw new DomainError(code, 'the note must be text');
  // Control characters (NUL, escape sequences) would corrupt terminals and CSV exports.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\x00-\x08\x0b-\x1f\x7f]/.test(note)) throw new DomainError(code, 'the note contains control characters');
  if (note.length > MAX_NOTE_LENGTH)
    throw new DomainError(code, `the note is longer than ${MAX_NOTE_LENGTH} characters`);
  return note;
}

function amountOf(text: unknown, code: DomainErrorCode): bigint {
  const parsed = parseAmountUnits(typeof text === 'number' ? String(text) : typeof text === 'string' ? text : '');
  if (typeof parsed === 'string') throw new DomainError(code, parsed);
  return parsed;
}

export function checkKind(kind: unknown): EntryKind {
  const k = (kind ?? 'topup') === '' ? 'topup' : (kind ?? 'topup');
  const match = ENTRY_KINDS.find((e) => e === (typeof k === 'string' ? k.trim().toLowerCase() : k));
  if (!match)
    throw new DomainError('invalid_entry', `the kind must be one of ${ENTRY_KINDS.join(', ')}; got "${String(kind)}"`);
  return match;
}

/** Builds a ledger entry from user input (the instant already resolved). */
export function makeEntry(at: number, amount: unknown, kind: unknown, note: unknown): NewEntry {
  const k = checkKind(kind);
  const units = amountOf(amount, 'invalid_entry');
  if (k === 'adjustment') {
    if (units === 0n) throw new DomainError('invalid_entry', 'an adjustment of zero changes nothing');
  } else if (units <= 0n) {
    throw new DomainError(
      'invalid_entry',
      `a ${k} is written as a positive amount of pence (the kind gives the direction); use an adjustment for a signed correction`,
    );
  }
  return {
    at: checkInstant(at, 'invalid_entry'),
    kind: k,
    amount: formatUnits(units),
    units: k === 'charge' ? -units : units,
    note: checkNote(note, 'invalid_entry'),
  };
}

export function checkPeriod(every: unknown): ChargePeriod {
  const match = CHARGE_PERIODS.find((p) => p === (typeof every === 'string' ? every.trim().toLowerCase() : every));
  if (!match)
    throw new DomainError(
      'invalid_recurring',
      `every must be one of ${CHARGE_PERIODS.join(', ')}; got "${String(every)}"`,
    );
  return match;
}

export function makeRecurring(
  amount: unknown,
  every: unknown,
  startsAt: number,
  endsAt: number | null,
  note: unknown,
): NewRecurring {
  const units = amountOf(amount, 'invalid_recurring');
  if (units <= 0n)
    throw new DomainError('invalid_recurring', 'a recurring charge is a positive amount of pence per period');
  checkInstant(startsAt, 'invalid_recurring');
  if (endsAt !== null) {
    checkInstant(endsAt, 'invalid_recurring');
    if (endsAt <= startsAt) throw new DomainError('invalid_recurring', 'the end must come after the start');
  }
  return {
    amount: formatUnits(units),
    units,
    every: checkPeriod(every),
    startsAt,
    endsAt,
    note: checkNote(note, 'invalid_recurring'),
  };
}
