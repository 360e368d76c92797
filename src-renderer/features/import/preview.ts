// A first look at a ledger CSV before it is sent, so the user gets a report of every bad line
// (the service stops at the first one and imports nothing). The file is read as the service reads
// it: csv-parse (its browser build) with the format's options, then the format's header and row
// checks (src-shared/ledger-csv.ts); only the dates are left to the service. Line numbers are
// the file's own, header included (as the service counts them, a quoted field may span lines).
//
// The format's amounts are pence; a file in pounds (the window's unit, what a bank export holds)
// has each amount read by the window's one pounds reader (parse-pounds.ts, exact, never a float)
// and the file is sent rewritten in pence, so the service and the format keep one unit.
import { parse } from 'csv-parse/browser/esm/sync';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { QUOTE_PADDED } from '../../../src-shared/csv-notes.ts';
import {
  LEDGER_CSV_OPTIONS,
  ledgerColumns,
  ledgerRow,
  type LedgerColumns,
  type LedgerRow,
} from '../../../src-shared/ledger-csv.ts';
import { ACCOUNT_CSV_COLUMNS, CSV_COLUMNS } from '../../../src-shared/limits.ts';
import { formatUnits } from '../../../src-shared/money/decimal.ts';
import { parsePounds } from '../../../src-shared/money/parse-pounds.ts';
import { quote } from '../../../src-shared/quote.ts';
import type { ChargePeriod, CsvUnits, EntryKind } from '../../../src-shared/vocabulary.ts';
import { messageOf } from '../../../src-shared/message-of.ts';

export interface LineError {
  line: number;
  message: string;
}
/**
 * A row as the ledger will show it: the date as written, the signed amount in pence, kind and
 * note; a recurring charge's row with its period and end as written (the amount per period).
 */
export interface PreviewRow {
  line: number;
  at: string;
  pence: string;
  kind: EntryKind;
  note: string;
  recurring?: { every: ChargePeriod; until: string };
}
export interface CsvCheck {
  rows: number;
  errors: LineError[];
  /** The first good rows, for the preview. */
  preview: PreviewRow[];
  /** What to send: the text itself for pence, the file rewritten in pence for pounds. */
  text: string;
  /** The file's line of each line of the rewritten text (index 0 is line 1); empty when the text is sent as it is. */
  lines: number[];
}

export interface CheckOptions {
  units: CsvUnits;
  onProgress?: (fraction: number) => void;
  previewRows?: number;
  chunk?: number;
}

/**
 * True when the text starts as this app's export does (features/ledger's download of the service's
 * export): the format's header in its order (with the recurring charges' columns or without),
 * then a date written as the export writes every date (`2026-07-01 09:00:00`, with its UTC offset
 * in the hour the clocks go back). Such a file's amounts are pence; anything else is taken to be
 * in pounds unless the user says otherwise.
 */
export function looksExported(text: string): boolean {
  const [header = '', first = ''] = text.replace(/^\uFEFF/, '').split(/\r?\n/, 2);
  const names = header.trim().toLowerCase();
  if (names !== CSV_COLUMNS.join(',') && names !== ACCOUNT_CSV_COLUMNS.join(',')) return false;
  return /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d( [+-]\d\d:\d\d)?,/.test(first.trim());
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
export async function checkCsv(text: string, options: CheckOptions): Promise<CsvCheck> {
  const { units, onProgress = () => undefined, previewRows = 0, chunk = CHUNK } = options;
  const pounds = units === 'pounds';
  const errors: LineError[] = [];
  const preview: PreviewRow[] = [];
  /** In pounds, every record as it will be sent, and the file's line of each. */
  const records: string[][] = [];
  const recordLines: number[] = [];
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
            if (header.ok) {
              columns = header.value;
              if (pounds) {
                records.push(record);
                recordLines.push(line);
              }
            } else {
              note(line, header.problem);
              stop = true;
            }
            return;
          }
          rows += 1;
          const inPence = pounds ? poundsToPence(record, columns) : { ok: true as const, value: record };
          if (!inPence.ok) {
            note(line, inPence.problem);
            return;
          }
          const row = ledgerRow(inPence.value, columns);
          if (!row.ok) note(line, row.problem);
          else if (preview.length < previewRows) preview.push(previewRow(line, row.value));
          if (pounds && errors.length === 0) {
            records.push(inPence.value);
            recordLines.push(line);
          }
        },
      });
    } catch (err) {
      // The parser's own refusal (an unclosed quote) names its line; reading stops there.
      const lines = (err as { lines?: unknown }).lines;
      note(offset + (typeof lines === 'number' ? lines : 1), messageOf(err));
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
  if (!pounds || errors.length > 0) return { rows, errors, preview, text, lines: [] };
  return { rows, errors, preview, ...rewritten(records, recordLines) };
}

function previewRow(line: number, row: LedgerRow): PreviewRow {
  const { at, note } = row;
  return row.type === 'entry'
    ? { line, at, pence: formatUnits(row.units), kind: row.kind, note }
    : {
        line,
        at,
        pence: formatUnits(-row.units),
        kind: 'charge',
        note,
        recurring: { every: row.every, until: row.until },
      };
}

/** The record with its amount read as pounds and written as pence, or why the amount is not pounds. */
function poundsToPence(
  record: string[],
  columns: LedgerColumns,
): { ok: true; value: string[] } | { ok: false; problem: string } {
  const cell = record[columns.amount];
  if (cell === undefined) return { ok: true, value: record };
  // Signed: an adjustment may take money away; the kind's own rule then judges the sign.
  const pence = parsePounds(cell, { signed: true, zero: true });
  if (!pence.ok) return { ok: false, problem: `the amount ${quote(cell)} is not in pounds: ${pence.problem}` };
  const copy = [...record];
  copy[columns.amount] = pence.value;
  return { ok: true, value: copy };
}

/** The records as the format's text, and the file's line for each line of it (blank lines are gone, a quoted note may span lines). */
function rewritten(records: string[][], recordLines: number[]): { text: string; lines: number[] } {
  const lines: number[] = [];
  const pieces = records.map((record, i) => {
    const piece = stringify([record], { quoted_match: QUOTE_PADDED });
    // The service names a record by the line it ends on, as this check does.
    const line = recordLines[i] ?? 1;
    for (let n = 0; n < linesIn(piece); n++) lines.push(line);
    return piece;
  });
  return { text: pieces.join(''), lines };
}
