// Errors the domain raises for bad input; the service maps codes to HTTP statuses in one place.
// The codes are the contract's list (src-shared/vocabulary.ts).
import type { DomainErrorCode } from '../../src-shared/vocabulary.ts';

export type { DomainErrorCode };

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
