// The ledger as CSV in the import's format (header at,amount,kind,note), oldest first, so an
// export can be imported elsewhere as it is. Notes a spreadsheet would run as formulas are
// written as text (src-shared/csv-notes.ts). Made a page at a time, so memory stays flat
// whatever the ledger's size: the CLI writes the pieces to standard output, the service streams
// them as the answer's body.
import { stringify } from 'csv-stringify/sync';
import { noteForExport, QUOTE_PADDED } from '../../src-shared/csv-notes.ts';
import { CSV_COLUMNS } from '../../src-shared/limits.ts';
import { formatLocal } from '../dates/index.ts';
import type { EntryFilter } from '../store/index.ts';
import type { AccountDomain } from './account-domain.ts';

/** Rows read from the store per piece of the file. */
const PAGE = 10_000;

export function* ledgerCsvPieces(domain: AccountDomain, accountId: number, filter: EntryFilter = {}): Generator<string> {
  yield stringify([[...CSV_COLUMNS]]);
  const total = domain.listEntries(accountId, 1, 0, filter).total;
  // Pages are newest first: walk them from the oldest end.
  for (let end = total; end > 0; end -= PAGE) {
    const offset = Math.max(end - PAGE, 0);
    const rows = domain.listEntries(accountId, end - offset, offset, filter).entries.reverse();
    yield stringify(rows.map((e) => [formatLocal(e.at, domain.timeZone), e.amount, e.kind, noteForExport(e.note)]), { quoted_match: QUOTE_PADDED });
  }
}
