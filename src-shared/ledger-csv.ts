// The ledger's CSV format, read one way on both sides: csv-parse with these options (the service
// streams a file through its Node build, the window's import preview checks it first through its
// browser build), then this header and these rows. Header `at,amount,kind,note` in any order
// (kind and note may be left out); a note written formula-safe by an export ('=...) is read back
// as it was (csv-notes.ts); amounts are pence, checked by the ledger's own rule (ledger-rules.ts).
import { noteFromImport } from './csv-notes.ts';
import { entryFields, type EntryFields } from './ledger-rules.ts';
import { CSV_COLUMNS } from './limits.ts';
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
  count: number;
}

/** The header record: which column is which, or why it is not the format's header. */
export function ledgerColumns(record: readonly string[]): Checked<LedgerColumns> {
  const names = record.map((h) => h.trim().toLowerCase());
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) return refused(`the header names the column ${quote(twice)} twice`);
  const [at = -1, amount = -1, kind = -1, note = -1] = CSV_COLUMNS.map((c) => names.indexOf(c));
  const unknown = names.filter((n) => !(CSV_COLUMNS as readonly string[]).includes(n));
  if (at === -1 || amount === -1 || unknown.length > 0)
    return refused(
      `the header must be ${CSV_COLUMNS.join(',')} (kind and note optional); got ${quote(record.join(','))}`,
    );
  return accepted({ at, amount, kind, note, count: names.length });
}

/** One row: its date phrase (resolved by the service) and its checked kind, amount and note. */
export interface LedgerRow extends EntryFields {
  at: string;
}

export function ledgerRow(record: readonly string[], columns: LedgerColumns): Checked<LedgerRow> {
  if (record.length !== columns.count)
    return refused(`expected ${columns.count} fields like the header, found ${record.length}`);
  const cell = (col: number): string | undefined => (col === -1 ? undefined : record[col]);
  const at = cell(columns.at) ?? '';
  if (at.trim() === '') return refused('the date ("at") is empty');
  const note = cell(columns.note);
  const fields = entryFields(
    cell(columns.amount),
    cell(columns.kind),
    note === undefined ? undefined : noteFromImport(note),
  );
  if (!fields.ok) return fields;
  // Built field by field: an import reads a million of these.
  const { kind, amount, units } = fields.value;
  return accepted({ at, kind, amount, units, note: fields.value.note });
}
