// The ledger's CSV format, read one way on both sides: csv-parse with these options (the service
// streams a file through its Node build, the window's import preview checks it first through its
// browser build), then this header and these rows. Header `at,amount,kind,note` in any order
// (kind and note may be left out), with `every,until` for recurring charges (the whole ledger's
// export writes them: a row with a period is a recurring charge from `at`, `amount` per period,
// ending `until` or never); a note written formula-safe by an export ('=...) is read back as it
// was (csv-notes.ts); amounts are pence, checked by the ledger's own rules (ledger-rules.ts).
import { noteFromImport } from './csv-notes.ts';
import { entryFields, recurringFields, type EntryFields, type RecurringFields } from './ledger-rules.ts';
import { CSV_COLUMNS, RECURRING_CSV_COLUMNS } from './limits.ts';
import { quote } from './quote.ts';
import { accepted, refused, type Checked } from './checked.ts';

/**
 * The longest record (one entry, its quotes included) the reader holds, in characters: a note of
 * MAX_NOTE_LENGTH characters, every one a doubled quote, fits many times over. A longer one is
 * refused where it starts, so an unclosed quote early in a 50 MB file costs 16 KiB, not the file.
 */
export const MAX_CSV_RECORD_CHARS = 16 * 1024;

/** csv-parse's options for a ledger file (both builds take the same). */
export const LEDGER_CSV_OPTIONS = {
  relax_column_count: false,
  skip_empty_lines: true,
  trim: true,
  bom: true,
  max_record_size: MAX_CSV_RECORD_CHARS,
} as const;

/** Where each column is in a record (-1: left out). */
export interface LedgerColumns {
  at: number;
  amount: number;
  kind: number;
  note: number;
  every: number;
  until: number;
  count: number;
}

/** The header record: which column is which, or why it is not the format's header. */
export function ledgerColumns(record: readonly string[]): Checked<LedgerColumns> {
  const names = record.map((h) => h.trim().toLowerCase());
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) return refused(`the header names the column ${quote(twice)} twice`);
  const [at = -1, amount = -1, kind = -1, note = -1, every = -1, until = -1] = KNOWN.map((c) => names.indexOf(c));
  const unknown = names.filter((n) => !(KNOWN as readonly string[]).includes(n));
  if (at === -1 || amount === -1 || unknown.length > 0)
    return refused(
      `the header must be ${CSV_COLUMNS.join(',')} (kind and note optional; ${RECURRING_CSV_COLUMNS.join(' and ')} for recurring charges); got ${quote(record.join(','))}`,
    );
  return accepted({ at, amount, kind, note, every, until, count: names.length });
}

const KNOWN = [...CSV_COLUMNS, ...RECURRING_CSV_COLUMNS] as const;

/** An entry's row: its date phrase (resolved by the service) and its checked kind, amount and note. */
export interface LedgerEntryRow extends EntryFields {
  type: 'entry';
  at: string;
}

/** A recurring charge's row: its start and end phrases (the end empty: none) and its checked fields. */
export interface RecurringRow extends RecurringFields {
  type: 'recurring';
  at: string;
  until: string;
}

export type LedgerRow = LedgerEntryRow | RecurringRow;

export function ledgerRow(record: readonly string[], columns: LedgerColumns): Checked<LedgerRow> {
  if (record.length !== columns.count)
    return refused(`expected ${columns.count} fields like the header, found ${record.length}`);
  const cell = (col: number): string | undefined => (col === -1 ? undefined : record[col]);
  const at = cell(columns.at) ?? '';
  if (at.trim() === '') return refused('the date ("at") is empty');
  const note = cell(columns.note);
  const every = cell(columns.every)?.trim() ?? '';
  const until = cell(columns.until)?.trim() ?? '';
  if (every !== '') return recurringRow(at, every, until, cell(columns.amount), cell(columns.kind), note);
  if (until !== '') return refused('an end ("until") is for a recurring charge: give its period ("every") too');
  const fields = entryFields(
    cell(columns.amount),
    cell(columns.kind),
    note === undefined ? undefined : noteFromImport(note),
  );
  if (!fields.ok) return fields;
  // Built field by field: an import reads a million of these.
  const { kind, amount, units } = fields.value;
  return accepted({ type: 'entry', at, kind, amount, units, note: fields.value.note });
}

function recurringRow(
  at: string,
  every: string,
  until: string,
  amount: string | undefined,
  kind: string | undefined,
  note: string | undefined,
): Checked<LedgerRow> {
  const k = kind?.trim().toLowerCase() ?? '';
  if (k !== '' && k !== 'charge')
    return refused(
      `a row with a period ("every") is a recurring charge, so its kind is charge; got ${quote(kind ?? '')}`,
    );
  const fields = recurringFields(amount, every, note === undefined ? undefined : noteFromImport(note));
  if (!fields.ok) return fields;
  return accepted({ type: 'recurring', at, until, ...fields.value });
}
