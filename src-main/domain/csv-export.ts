// The ledger as CSV in the import's format, oldest first, so an export can be imported elsewhere
// as it is. The whole ledger (no filter) is the account: header at,amount,kind,note,every,until,
// the entries, then the recurring charges (each from its start, its amount per period, its
// period and its end), so importing the file into an empty account restores it. A filtered
// export is a list of entries (header at,amount,kind,note). Notes a spreadsheet would run as
// formulas are written as text (src-shared/csv-notes.ts). Made a page at a time, each page one
// range of the ledger's index, so memory stays flat and the time grows with the rows alone: the
// CLI writes the pieces to standard output, the service sends them as they are made.
import { stringify } from 'csv-stringify/sync';
import { noteForExport, QUOTE_PADDED } from '../../src-shared/csv-notes.ts';
import { plainText } from '../../src-shared/quote.ts';
import { ACCOUNT_CSV_COLUMNS, CSV_COLUMNS } from '../../src-shared/limits.ts';
import { formatLocal, parseLocalWallTime } from '../dates/wall-clock.ts';
import type { EntryFilter, LedgerCursor } from '../store/index.ts';
import type { AccountDomain } from './account-domain.ts';

/** Rows per piece: small enough that making one keeps a server's other requests waiting only milliseconds. */
export const EXPORT_PAGE = 2_000;

/**
 * The wall time in the zone, as the ledger shows it; in the hour the clocks go back through, which
 * happens twice, with its UTC offset (`2026-10-25 01:30:00 +01:00`), so an import reads it back
 * as the same instant.
 */
export function csvInstant(epochSeconds: number, timeZone: string): string {
  const wall = formatLocal(epochSeconds, timeZone);
  if (parseLocalWallTime(wall, timeZone) === epochSeconds * 1000) return wall;
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = wall.split(/[- :]/).map(Number);
  const minutes = Math.round((Date.UTC(y, mo - 1, d, h, mi, s) / 1000 - epochSeconds) / 60);
  const abs = Math.abs(minutes);
  return `${wall} ${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * A note as the export writes it: safe for spreadsheets, and without the control characters an
 * import refuses (kept before the rule refused them; the export would not import again).
 */
function exported(note: string): string {
  return noteForExport(plainText(note, true));
}

export function* ledgerCsvPieces(
  domain: AccountDomain,
  accountId: number,
  filter: EntryFilter = {},
): Generator<string> {
  const whole = filter.kind === undefined && filter.text === undefined;
  yield stringify([whole ? [...ACCOUNT_CSV_COLUMNS] : [...CSV_COLUMNS]]);
  // An entry's row leaves the recurring columns empty.
  const rest = whole ? ['', ''] : [];
  const when = (t: number): string => csvInstant(t, domain.timeZone);
  let after: LedgerCursor | undefined;
  for (;;) {
    const rows = domain.entriesAfter(accountId, after, EXPORT_PAGE, filter);
    if (rows.length > 0)
      yield stringify(
        rows.map((e) => [when(e.at), e.amount, e.kind, exported(e.note), ...rest]),
        { quoted_match: QUOTE_PADDED },
      );
    const last = rows[rows.length - 1];
    if (last === undefined || rows.length < EXPORT_PAGE) break;
    after = { at: last.at, id: last.id };
  }
  if (!whole) return;
  const charges = domain.listRecurring(accountId);
  if (charges.length === 0) return;
  yield stringify(
    charges.map((r) => [
      when(r.startsAt),
      r.amount,
      'charge',
      exported(r.note),
      r.every,
      r.endsAt === null ? '' : when(r.endsAt),
    ]),
    { quoted_match: QUOTE_PADDED },
  );
}
