// Errors the domain raises for bad input; the service maps codes to HTTP statuses in one place.
export type DomainErrorCode =
  | 'missing_key'
  | 'invalid_key'
  | 'invalid_settings'
  | 'invalid_entry'
  | 'invalid_recurring'
  | 'invalid_account'
  | 'bad_csv'
  /** An import found rows already in the ledger and was told to ask (duplicates.ts). */
  | 'duplicates'
  | 'not_found'
  /** The window asked about an account it does not hold the key of (or one that is gone). */
  | 'unknown_account'
  | 'conflict'
  /** The ledger and settings of a connected account are its provider's, not this app's. */
  | 'managed_by_provider'
  /** A top-up plan that cannot be made: an end in the past, too far ahead, a bad amount to keep above. */
  | 'invalid_plan';

export interface DuplicateCount {
  found: number;
  rows: number;
}

export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: DomainErrorCode;
  /** For CSV imports: the 1-based line of the file that was refused. */
  readonly line: number | undefined;
  /** For a refused import: how many of the file's rows were already in the ledger. */
  readonly duplicates: DuplicateCount | undefined;

  constructor(code: DomainErrorCode, message: string, line?: number, duplicates?: DuplicateCount) {
    super(message);
    this.code = code;
    this.line = line;
    this.duplicates = duplicates;
  }
}
