// The store's own errors: one clear line each, with what it means for the user when known.

/**
 * What a failed database operation means for the user: another program holds the write lock
 * (`busy`), the disk is full, the data folder cannot be written (`read_only`), or the file could
 * not be read or written at all (`io`).
 */
export type StoreProblem = 'busy' | 'disk_full' | 'read_only' | 'io';

/** An error the user can act on, with one clear line of explanation. */
export class StoreError extends Error {
  override name = 'StoreError';
  readonly problem: StoreProblem | undefined;

  constructor(message: string, problem?: StoreProblem) {
    super(message);
    this.problem = problem;
  }
}
