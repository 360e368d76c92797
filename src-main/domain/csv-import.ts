// CSV ledger import. The format (csv-parse's options, the header, a row's checks) is
// src-shared/ledger-csv.ts, which the window's import preview reads the same way; the domain adds
// the date, resolved and held to the ledger's range. Lines are read and checked one at a time, so memory does not grow with the file; the caller
// writes them inside one transaction, so the first bad line (named, counting the header as
// line 1) leaves nothing behind. From a string (sync) or from a stream of chunks (async).
import { parse as parseStream } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import {
  LEDGER_CSV_OPTIONS as OPTIONS,
  ledgerColumns,
  ledgerRow,
  type LedgerColumns,
} from '../../src-shared/ledger-csv.ts';
import { CSV_COLUMNS } from '../../src-shared/limits.ts';
import type { NewEntry } from '../store/index.ts';
import { DomainError } from './errors.ts';
import { checkInstant } from './ledger.ts';

/** Turns a date phrase into an instant, or throws a DomainError. */
export type ResolveAt = (phrase: string) => number;

/** Reads records in order: the first is the header, each next one becomes an entry. */
class LedgerCsvReader {
  readonly #resolveAt: ResolveAt;
  #columns: LedgerColumns | undefined;

  constructor(resolveAt: ResolveAt) {
    this.#resolveAt = resolveAt;
  }

  /** The entry of one record, or undefined for the header. */
  read(record: readonly string[], line: number): NewEntry | undefined {
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
    const { at, kind, amount, units, note } = row.value;
    try {
      return { at: checkInstant(this.#resolveAt(at), 'bad_csv'), kind, amount, units, note };
    } catch (err) {
      if (err instanceof DomainError) fail(err.message);
      throw err;
    }
  }

  /** Refuses a file that had no header at all. */
  end(): void {
    if (this.#columns === undefined)
      throw new DomainError('bad_csv', `line 1: the file is empty; expected the header ${CSV_COLUMNS.join(',')}`, 1);
  }
}

/** csv-parse's own errors (an unclosed quote, a wrong number of fields) name their line too. */
function csvError(err: unknown): unknown {
  if (
    err instanceof DomainError ||
    !(err instanceof Error) ||
    !('code' in err) ||
    typeof err.code !== 'string' ||
    !err.code.startsWith('CSV_')
  )
    return err;
  const lines = 'lines' in err && typeof err.lines === 'number' ? err.lines : undefined;
  return new DomainError('bad_csv', `line ${lines ?? '?'}: ${err.message}`, lines);
}

/** Hands every entry of `text` to `add`, in file order; throws at the first bad line. */
export function eachLedgerCsvEntry(text: string, resolveAt: ResolveAt, add: (entry: NewEntry) => void): void {
  const reader = new LedgerCsvReader(resolveAt);
  try {
    // on_record returns nothing, so csv-parse keeps no array of records.
    parseSync(text, {
      ...OPTIONS,
      on_record: (record: string[], info) => {
        const e = reader.read(record, info.lines);
        if (e) add(e);
      },
    });
  } catch (err) {
    throw csvError(err);
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
): AsyncGenerator<NewEntry[]> {
  const reader = new LedgerCsvReader(resolveAt);
  let batch: NewEntry[] = [];
  let failure: Error | undefined;
  // on_record returns nothing, so the parser's readable side stays empty: nothing to drain.
  const parser = parseStream({
    ...OPTIONS,
    on_record: (record: string[], info) => {
      if (failure !== undefined) return;
      try {
        const e = reader.read(record, info.lines);
        if (e) batch.push(e);
      } catch (err) {
        failure = err instanceof Error ? err : new Error(String(err));
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
    throw csvError(err);
  } finally {
    parser.destroy();
  }
  reader.end();
}
