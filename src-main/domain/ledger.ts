// Ledger entries and recurring charges as the store keeps them. What an amount, a kind, a
// period or a note may be is the contract's rule (src-shared/ledger-rules.ts, which the app
// API's schemas and the window's forms check too); the domain adds what needs the store: the
// instant's range.
import { entryFields, ledgerInstantProblem, recurringFields } from '../../src-shared/ledger-rules.ts';
import type { NewEntry, NewRecurring } from '../store/index.ts';
import { DomainError, type DomainErrorCode } from './errors.ts';

export function checkInstant(at: number, code: DomainErrorCode): number {
  const problem = ledgerInstantProblem(at);
  if (problem !== undefined) throw new DomainError(code, problem);
  return at;
}

/** Builds a ledger entry from user input (the instant already resolved). */
export function makeEntry(at: number, amount: unknown, kind: unknown, note: unknown): NewEntry {
  const fields = entryFields(amount, kind, note);
  if (!fields.ok) throw new DomainError('invalid_entry', fields.problem);
  return { at: checkInstant(at, 'invalid_entry'), ...fields.value };
}

export function makeRecurring(
  amount: unknown,
  every: unknown,
  startsAt: number,
  endsAt: number | null,
  note: unknown,
): NewRecurring {
  const fields = recurringFields(amount, every, note);
  if (!fields.ok) throw new DomainError('invalid_recurring', fields.problem);
  checkInstant(startsAt, 'invalid_recurring');
  if (endsAt !== null) {
    checkInstant(endsAt, 'invalid_recurring');
    if (endsAt <= startsAt) throw new DomainError('invalid_recurring', 'the end must come after the start');
  }
  return { ...fields.value, startsAt, endsAt };
}
