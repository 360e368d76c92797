// The ledger's forms as requests: amounts typed in pounds become whole pence, then the request
// is checked by its schema (the service's own rules: kind, amount, note, a date given).
import type { LedgerEntry, NewEntryRequest, NewRecurringRequest } from '../../../src-shared/app-api.ts';
import {
  NewEntryRequest as EntrySchema,
  NewRecurringRequest as RecurringSchema,
} from '../../../src-shared/app-requests.ts';
import type { Checked } from '../../../src-shared/checked.ts';
import { parsePounds, penceToPoundsText } from '../../../src-shared/money/parse-pounds.ts';
import type { ChargePeriod, EntryKind } from '../../../src-shared/vocabulary.ts';
import { checkForm } from '../../lib/form-check.ts';

export interface EntryForm {
  kind: EntryKind;
  amount: string;
  at: string;
  note: string;
}

export const EMPTY_ENTRY: EntryForm = { kind: 'topup', amount: '', at: 'now', note: '' };

const WHOLE_PENCE = /^-?\d+$/;

/** An entry to edit: whole pence show as pounds; an amount with a fraction of a penny (from an import) as it is stored. */
export function entryFormOf(e: LedgerEntry): EntryForm {
  return {
    kind: e.kind,
    amount: WHOLE_PENCE.test(e.amount) ? penceToPoundsText(BigInt(e.amount)) : `${e.amount}p`,
    at: e.datetime,
    note: e.note,
  };
}

/**
 * The amount of an entry that cannot be typed in pounds (a fraction of a penny): kept as stored
 * while the field still shows it as it was.
 */
export function keptAmount(e: LedgerEntry | undefined): { text: string; pence: string } | undefined {
  return e === undefined || WHOLE_PENCE.test(e.amount) ? undefined : { text: entryFormOf(e).amount, pence: e.amount };
}

/** `keptPence`: an amount the field still shows as stored (a fraction of a penny), sent as it is. */
export function entryRequest(form: EntryForm, keptPence?: string): Checked<NewEntryRequest, keyof EntryForm> {
  const pounds = keptPence === undefined ? parsePounds(form.amount, { signed: form.kind === 'adjustment' }) : undefined;
  const amount = keptPence ?? (pounds?.ok === true ? pounds.value : '1');
  const body = { kind: form.kind, amount, at: form.at.trim(), note: form.note.trim() };
  return checkForm<NewEntryRequest, keyof EntryForm>(
    EntrySchema,
    body,
    pounds?.ok === false ? { amount: pounds.problem } : {},
  );
}

export const EMPTY_RECURRING: RecurringForm = { amount: '', every: 'month', from: 'today', until: '', note: '' };

export interface RecurringForm {
  amount: string;
  every: ChargePeriod;
  from: string;
  until: string;
  note?: string;
}

export function recurringRequest(form: RecurringForm): Checked<NewRecurringRequest, keyof RecurringForm> {
  const pounds = parsePounds(form.amount);
  const body: NewRecurringRequest = {
    amount: pounds.ok ? pounds.value : '1',
    every: form.every,
    from: form.from.trim(),
  };
  if (form.until.trim() !== '') body.until = form.until.trim();
  if (form.note !== undefined && form.note.trim() !== '') body.note = form.note.trim();
  return checkForm<NewRecurringRequest, keyof RecurringForm>(
    RecurringSchema,
    body,
    pounds.ok ? {} : { amount: pounds.problem },
  );
}
