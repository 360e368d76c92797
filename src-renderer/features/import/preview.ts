// A first look at a ledger CSV before it is sent, so the user gets a report of every bad line
// (the service stops at the first one and imports nothing). Line numbers are the file's own,
// header included, and a quoted field may span lines.
import { CSV_COLUMNS } from '../../src-shared/limits.ts';
import { ENTRY_KINDS } from '../../src-shared/vocabulary.ts';
import { checkAmount } from './validation.ts';

export interface CsvRecord {
  line: number;
  fields: string[];
  /** Offset just past the record, for progress. */ end: number;
}
export interface LineError {
  line: number;
  message: string;
}
export interface CsvCheck {
  rows: number;
  errors: LineError[];
}

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
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line += 1;
        field += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i += 1;
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      i += 1;
      continue;
    }
    if (c === '\r' && text[i + 1] === '\n') {
      i += 1;
      continue;
    }
    if (c === '\n') {
      fields.push(field);
      yield { line: start, fields, end: i + 1 };
      fields = [];
      field = '';
      line += 1;
      start = line;
      i += 1;
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

interface Columns {
  at: number;
  amount: number;
  kind: number;
  count: number;
}

/** The header names its columns (any order; kind and note optional), as the service reads it. */
function readHeader(fields: string[]): Columns | string {
  const names = fields.map((f) => f.trim().toLowerCase());
  const unknown = names.filter((n) => !(CSV_COLUMNS as readonly string[]).includes(n));
  const at = names.indexOf('at');
  const amount = names.indexOf('amount');
  if (at === -1 || amount === -1 || unknown.length > 0)
    return `the header must be "${CSV_COLUMNS.join(',')}" (kind and note optional)`;
  return { at, amount, kind: names.indexOf('kind'), count: names.length };
}

function checkRecord(r: CsvRecord, cols: Columns): string | undefined {
  if (r.fields.length !== cols.count) return `expected ${cols.count} fields like the header, found ${r.fields.length}`;
  const at = r.fields[cols.at] ?? '';
  const amount = r.fields[cols.amount] ?? '';
  const kind = cols.kind === -1 ? '' : (r.fields[cols.kind] ?? '');
  if (at.trim() === '') return 'the date ("at") is empty';
  const k = kind.trim().toLowerCase();
  if (k !== '' && !(ENTRY_KINDS as readonly string[]).includes(k))
    return `unknown kind "${kind.trim()}" (use ${ENTRY_KINDS.join(', ')})`;
  const amountError = checkAmount(amount, k === 'adjustment');
  if (amountError !== undefined) return `amount "${amount.trim()}": ${amountError}`;
  return undefined;
}

const isBlank = (r: CsvRecord): boolean => r.fields.every((f) => f.trim() === '');

/**
 * Checks every record, reporting progress (0..1) and yielding to the page between chunks so a
 * big file does not freeze the window.
 */
export async function checkCsv(
  text: string,
  onProgress: (fraction: number) => void = () => undefined,
  chunk = 2000,
): Promise<CsvCheck> {
  const errors: LineError[] = [];
  let rows = 0;
  let first = true;
  let cols: Columns | undefined;
  let seen = 0;
  for (const record of csvRecords(text)) {
    if (isBlank(record)) continue;
    if (first) {
      first = false;
      const header = readHeader(record.fields);
      if (typeof header === 'string') {
        errors.push({ line: record.line, message: header });
        break;
      }
      cols = header;
      continue;
    }
    if (cols === undefined) break;
    const problem = checkRecord(record, cols);
    if (problem !== undefined && errors.length < MAX_ERRORS) errors.push({ line: record.line, message: problem });
    rows += 1;
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
