// CSV ledger import. The format (csv-parse's options, the header, a row's checks) is
// src-shared/ledger-csv.ts, which the window's import preview reads the same way; the domain adds
// the date, resolved and held to the ledger's range. Lines are read and checked one at a time, so
// memory does not grow with the file; the caller writes them inside one transaction, so the first
// bad line (named, counting the header as line 1) leaves nothing behind. From a string (sync) or
// from a stream of chunks (async). Entries come in batches; a recurring charge's row (a few per
// file) is handed to `onRecurring` as it is read, for the caller to write in the same transaction.
import { parse as parseStream } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import {
  LEDGER_CSV_OPTIONS as OPTIONS,
  MAX_CSV_RECORD_CHARS,
  ledgerColumns,
  ledgerRow,
  type LedgerColumns,
} from '../../src-shared/ledger-csv.ts';
import { CSV_COLUMNS } from '../../src-shared/limits.ts';
import type { NewEntry, NewRecurring } from '../store/index.ts';
import { DomainError } from './errors.ts';
import { checkInstant, makeRecurring } from './ledger.ts';
import { asError } from '../../src-shared/message-of.ts';

/** What csv-parse says of each record: the line it ends on, and the blank lines skipped so far. */
interface RecordInfo {
  lines: number;
  empty_lines: number;
}

/** Turns a date phrase into an instant, or throws a DomainError. */
export type ResolveAt = (phrase: string) => number;

/** Takes a recurring charge's row, read and checked (dates resolved), as it comes. */
export type OnRecurring = (charge: NewRecurring) => void;

const refuseRecurring: OnRecurring = () => {
  throw new DomainError('bad_csv', 'recurring charges cannot be imported here');
};

/** Reads records in order: the first is the header, each next one becomes an entry (or a recurring charge). */
class LedgerCsvReader {
  readonly #resolveAt: ResolveAt;
  readonly #onRecurring: OnRecurring;
  #columns: LedgerColumns | undefined;
  /** Where the last record ended: the next one starts on the line after (and its blank lines). */
  #last: RecordInfo = { lines: 0, empty_lines: 0 };

  constructor(resolveAt: ResolveAt, onRecurring: OnRecurring) {
    this.#resolveAt = resolveAt;
    this.#onRecurring = onRecurring;
  }

  /** The entry of one record, or undefined for the header and for a recurring charge (handed on). */
  read(record: readonly string[], info: RecordInfo): NewEntry | undefined {
    const line = this.#startLine(info);
    this.#last = { lines: info.lines, empty_lines: info.empty_lines };
    const fail = (problem: string): never => {
      throw new DomainError('bad_csv', `line ${line}: ${problem}`, line);
    };
    if (this.#columns === undefined) {
      const columns = ledgerColumns(record);
      if (!columns.ok) fail(columns.problem);
      else this.#columns = columns.value;
      return undefined;
    }
    const row = ledgerRow(record, this.#columns);
    if (!row.ok) return fail(row.problem);
    const value = row.value;
    try {
      if (value.type === 'recurring') {
        const from = this.#resolveAt(value.at);
        const until = value.until === '' ? null : this.#resolveAt(value.until);
        this.#onRecurring(makeRecurring(value.amount, value.every, from, until, value.note));
        return undefined;
      }
      const { at, kind, amount, units, note } = value;
      return { at: checkInstant(this.#resolveAt(at), 'bad_csv'), kind, amount, units, note };
    } catch (err) {
      if (err instanceof DomainError) fail(err.message);
      throw err;
    }
  }

  /** The line a record starts on, from what csv-parse counted when it ended (or failed) there. */
  #startLine(at: Partial<RecordInfo>): number {
    return this.#last.lines + 1 + Math.max(0, (at.empty_lines ?? 0) - this.#last.empty_lines);
  }

  /** csv-parse's own errors (an unclosed quote, a record too long, a wrong number of fields), named by the line their record starts on. */
  csvError(err: unknown): unknown {
    if (
      err instanceof DomainError ||
      !(err instanceof Error) ||
      !('code' in err) ||
      typeof err.code !== 'string' ||
      !err.code.startsWith('CSV_')
    )
      return err;
    const line = this.#startLine(err as Partial<RecordInfo>);
    const why =
      err.code === 'CSV_MAX_RECORD_SIZE'
        ? `the record starting here is longer than ${MAX_CSV_RECORD_CHARS} characters${'quoting' in err && err.quoting === true ? ' (a quote that is never closed?)' : ''}`
        : err.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'a quote opened in the record starting here is never closed'
          : err.message.replace(/ (?:at|on) line \d+\.?$/, '');
    return new DomainError('bad_csv', `line ${line}: ${why}`, line);
  }

  /** Refuses a file that had no header at all. */
  end(): void {
    if (this.#columns === undefined)
      throw new DomainError('bad_csv', `line 1: the file is empty; expected the header ${CSV_COLUMNS.join(',')}`, 1);
  }
}

/** Hands every entry of `text` to `add`, in file order (recurring charges to `onRecurring`); throws at the first bad line. */
export function eachLedgerCsvEntry(
  text: string,
  resolveAt: ResolveAt,
  add: (entry: NewEntry) => void,
  onRecurring: OnRecurring = refuseRecurring,
): void {
  const reader = new LedgerCsvReader(resolveAt, onRecurring);
  try {
    // on_record returns nothing, so csv-parse keeps no array of records.
    parseSync(text, {
      ...OPTIONS,
      on_record: (record: string[], info) => {
        const e = reader.read(record, info);
        if (e) add(e);
      },
    });
  } catch (err) {
    throw reader.csvError(err);
  }
  reader.end();
}

/** The whole file as entries (for small inputs; imports use eachLedgerCsvEntry or the stream). */
export function parseLedgerCsv(text: string, resolveAt: ResolveAt): NewEntry[] {
  const entries: NewEntry[] = [];
  eachLedgerCsvEntry(text, resolveAt, (e) => {
    entries.push(e);
  });
  return entries;
}

/**
 * The entries of a CSV arriving in chunks (a file stream, a request body), in file order, in
 * batches: each chunk's complete lines are read as it is written to the parser, so a line
 * costs no promise of its own (a million lines one at a time through async iterators cost
 * about a second more).
 */
export async function* ledgerCsvEntries(
  chunks: AsyncIterable<string | Uint8Array>,
  resolveAt: ResolveAt,
  onRecurring: OnRecurring = refuseRecurring,
): AsyncGenerator<NewEntry[]> {
  const reader = new LedgerCsvReader(resolveAt, onRecurring);
  let batch: NewEntry[] = [];
  let failure: Error | undefined;
  // on_record returns nothing, so the parser's readable side stays empty: nothing to drain.
  const parser = parseStream({
    ...OPTIONS,
    on_record: (record: string[], info) => {
      if (failure !== undefined) return;
      try {
        const e = reader.read(record, info);
        if (e) batch.push(e);
      } catch (err) {
        failure = asError(err);
      }
    },
  });
  parser.on('error', (err: Error) => {
    failure ??= err;
  });
  const ended = new Promise<void>((done) => {
    parser.on('finish', done).on('error', () => {
      done();
    });
  });
  try {
    for await (const chunk of chunks) {
      // The parser reads a chunk as it is written (its transform is synchronous).
      parser.write(chunk);
      if (failure !== undefined) throw failure;
      if (batch.length > 0) {
        yield batch;
        batch = [];
      }
    }
    parser.end();
    await ended;
    if (failure !== undefined) throw failure;
    if (batch.length > 0) yield batch;
  } catch (err) {
    throw reader.csvError(err);
  } finally {
    parser.destroy();
  }
  reader.end();
}
