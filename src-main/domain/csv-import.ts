// CSV ledger import: header `at,amount,kind,note` (kind and note may be left out or empty).
// Every line is checked before anything is written; the first bad line is named.
import { quote } from '../../src-shared/quote.ts';
import { parse } from 'csv-parse/sync';
import type { NewEntry } from '../store/index.ts';
import { DomainError } from './errors.ts';
import { makeEntry } from './ledger.ts';

const COLUMNS = ['at', 'amount', 'kind', 'note'] as const;


/**
 * Parses the whole file into entries. `resolveAt` turns a date phrase into an instant (or
 * throws a DomainError); line numbers in errors are the file's, counting the header as line 1.
 */
export function parseLedgerCsv(text: string, resolveAt: (phrase: string) => number): NewEntry[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      info: true,
      relax_column_count: false,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const e = err as { lines?: number; message: string };
    throw new DomainError('bad_csv', `line ${e.lines ?? '?'}: ${e.message}`, e.lines);
  }
  const header = records[0];
  if (!header) throw new DomainError('bad_csv', 'line 1: the file is empty; expected the header at,amount,kind,note', 1);
  const names = header.record.map((h) => h.trim().toLowerCase());
  const index = COLUMNS.map((c) => names.indexOf(c));
  const unknown = names.filter((n) => !(COLUMNS as readonly string[]).includes(n));
  if (index[0] === -1 || index[1] === -1 || unknown.length > 0) {
    throw new DomainError('bad_csv', `line ${header.info.lines}: the header must be at,amount,kind,note (kind and note optional); got ${quote(header.record.join(','))}`, header.info.lines);
  }
  const [atCol = -1, amountCol = -1, kindCol = -1, noteCol = -1] = index;
  const entries: NewEntry[] = [];
  for (let i = 1; i < records.length; i++) {
    const r = records[i];
    if (!r) continue;
    const line = r.info.lines;
    try {
      const cell = (col: number): string | undefined => (col === -1 ? undefined : r.record[col]);
      entries.push(makeEntry(resolveAt(cell(atCol) ?? ''), cell(amountCol), cell(kindCol), cell(noteCol)));
    } catch (err) {
      if (err instanceof DomainError) throw new DomainError('bad_csv', `line ${line}: ${err.message}`, line);
      throw err;
    }
  }
  return entries;
}
