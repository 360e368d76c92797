// A first look at a ledger CSV before it is sent, so the user gets a report of every bad line
// (the service stops at the first one and imports nothing). Line numbers are the file's own,
// header included, and a quoted field may span lines.
import { checkAmount, ENTRY_KINDS } from './validation.ts';

export interface CsvRecord { line: number; fields: string[]; /** Offset just past the record, for progress. */ end: number }
export interface LineError { line: number; message: string }
export interface CsvCheck { rows: number; errors: LineError[] }

export const CSV_HEADER = ['at', 'amount', 'kind', 'note'];
const MAX_ERRORS = 100;

/** Splits CSV text into records (RFC 4180 quoting), each with the line it starts on. */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let line = 1;
  let start = 1;
  let field = '';
  let fields: string[] = [];
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') { field += '"'; i += 2; continue; }
        quoted = false;
      } else {
        if (c === '\n') line += 1;
        field += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && field === '') { quoted = true; i += 1; continue; }
    if (c === ',') { fields.push(field); field = ''; i += 1; continue; }
    if (c === '\r' && text[i + 1] === '\n') { i += 1; continue; }
    if (c === '\n') {
      fields.push(field);
      yield { line: start, fields, end: i + 1 };
      fields = []; field = ''; line += 1; start = line; i += 1;
      continue;
    }
    field += c;
    i += 1;
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    yield { line: start, fields, end: n };
  }
}

function checkRecord(r: CsvRecord): string | undefined {
  if (r.fields.length === 1 && r.fields[0]?.trim() === '') return undefined; // blank line
  if (r.fields.length < 2 || r.fields.length > 4) return `expected 2 to 4 fields (at,amount,kind,note), found ${r.fields.length}`;
  const [at = '', amount = '', kind = ''] = r.fields;
  if (at.trim() === '') return 'the date ("at") is empty';
  const k = kind.trim().toLowerCase();
  if (k !== '' && !(ENTRY_KINDS as readonly string[]).includes(k)) return `unknown kind "${kind.trim()}" (use ${ENTRY_KINDS.join(', ')})`;
  const amountError = checkAmount(amount, k === 'adjustment');
  if (amountError !== undefined) return `amount "${amount.trim()}": ${amountError}`;
  return undefined;
}

/**
 * Checks every record, reporting progress (0..1) and yielding to the page between chunks so a
 * big file does not freeze the window.
 */
export async function checkCsv(text: string, onProgress: (fraction: number) => void = () => undefined, chunk = 2000): Promise<CsvCheck> {
  const errors: LineError[] = [];
  let rows = 0;
  let first = true;
  let seen = 0;
  for (const record of csvRecords(text)) {
    if (first) {
      first = false;
      const header = record.fields.map((f) => f.trim().toLowerCase());
      if (header.slice(0, 2).join(',') !== 'at,amount' || header.some((h, i) => h !== CSV_HEADER[i])) {
        errors.push({ line: record.line, message: `the header must be "${CSV_HEADER.join(',')}"` });
      }
      continue;
    }
    const problem = checkRecord(record);
    if (problem !== undefined && errors.length < MAX_ERRORS) errors.push({ line: record.line, message: problem });
    if (!(record.fields.length === 1 && record.fields[0]?.trim() === '')) rows += 1;
    seen += 1;
    if (seen % chunk === 0) {
      onProgress(record.end / text.length);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  if (first) errors.push({ line: 1, message: 'the file is empty' });
  onProgress(1);
  return { rows, errors };
}

