// A first look at a ledger CSV before it is sent, so the user gets a report of every bad line
// (the service stops at the first one and imports nothing). The file is read as the service reads
// it: csv-parse (its browser build) with the format's options, then the format's header and row
// checks (src-shared/ledger-csv.ts); only the dates are left to the service. Line numbers are
// the file's own, header included (as the service counts them, a quoted field may span lines).
import { parse } from 'csv-parse/browser/esm/sync';
import { LEDGER_CSV_OPTIONS, ledgerColumns, ledgerRow, type LedgerColumns } from '../../../src-shared/ledger-csv.ts';

export interface LineError {
  line: number;
  message: string;
}
export interface CsvCheck {
  rows: number;
  errors: LineError[];
}

const MAX_ERRORS = 100;
/** About how many characters are read between two pauses that let the page draw. */
const CHUNK = 256 * 1024;

/**
 * Where the next piece ends: the first line end at or after `from + size` that is outside any
 * quoted field (an even number of quotes before it, as quotes inside a field are doubled), so
 * every piece holds whole records; the rest of the text when there is none.
 */
function pieceEnd(text: string, start: number, size: number, quotesBefore: number): { end: number; quotes: number } {
  let quotes = quotesBefore;
  let i = start;
  const want = start + size;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quotes += 1;
    else if (c === 10 && i >= want && quotes % 2 === 0) return { end: i + 1, quotes };
  }
  return { end: text.length, quotes };
}

/** Newlines in a piece: how far the next piece's line numbers start. */
function linesIn(piece: string): number {
  let n = 0;
  for (let i = piece.indexOf('\n'); i !== -1; i = piece.indexOf('\n', i + 1)) n += 1;
  return n;
}

/**
 * Checks every record, reporting progress (0..1) and yielding to the page between pieces so a
 * big file does not freeze the window.
 */
export async function checkCsv(
  text: string,
  onProgress: (fraction: number) => void = () => undefined,
  chunk = CHUNK,
): Promise<CsvCheck> {
  const errors: LineError[] = [];
  const note = (line: number, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ line, message });
  };
  let rows = 0;
  let columns: LedgerColumns | undefined;
  let stop = false;
  let start = 0;
  let quotes = 0;
  let linesBefore = 0;
  while (start < text.length && !stop) {
    const piece = pieceEnd(text, start, chunk, quotes);
    const body = text.slice(start, piece.end);
    const offset = linesBefore;
    try {
      // Every row is looked at: a count that differs from the header's is reported per line.
      parse(body, {
        ...LEDGER_CSV_OPTIONS,
        bom: start === 0,
        relax_column_count: true,
        on_record: (record: string[], info: { lines: number }) => {
          const line = offset + info.lines;
          if (stop) return;
          if (columns === undefined) {
            const header = ledgerColumns(record);
            if (header.ok) columns = header.value;
            else {
              note(line, header.problem);
              stop = true;
            }
            return;
          }
          rows += 1;
          const row = ledgerRow(record, columns);
          if (!row.ok) note(line, row.problem);
        },
      });
    } catch (err) {
      // The parser's own refusal (an unclosed quote) names its line; reading stops there.
      const lines = (err as { lines?: unknown }).lines;
      note(offset + (typeof lines === 'number' ? lines : 1), err instanceof Error ? err.message : String(err));
      stop = true;
    }
    linesBefore += linesIn(body);
    quotes = piece.quotes;
    start = piece.end;
    onProgress(start / text.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (columns === undefined && errors.length === 0) note(1, 'the file is empty');
  onProgress(1);
  return { rows, errors };
}
