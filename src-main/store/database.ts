// Opens the SQLite store: WAL for readers beside a writer, foreign keys on, then migrations.
// synchronous=NORMAL: in WAL mode every commit is atomic and survives a crash of the app; only
// an OS crash or power cut can roll back the last commits (never corrupt the file). FULL would
// add an fsync per commit, about 4 ms here, which a back-dated insert cannot afford (< 5 ms).
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createOwnerOnly, secureDataFolder } from './data-folder.ts';
import { checkVersion, migrate } from './migrations.ts';
import { StoreError, type StoreProblem } from './store-error.ts';

import { DATABASE_FILE } from './database-file.ts';

export { DATABASE_FILE };

export { StoreError, type StoreProblem } from './store-error.ts';

/** The problem behind a failure of SQLite (or a StoreError), or undefined for anything else (a bug). */
export function storeProblem(err: unknown): StoreProblem | undefined {
  if (err instanceof StoreError) return err.problem;
  if (!(err instanceof Error) || err.name !== 'SqliteError' || !('code' in err) || typeof err.code !== 'string')
    return undefined;
  const code = err.code;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code === 'SQLITE_FULL') return 'disk_full';
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM') return 'read_only';
  if (
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_CANTOPEN') ||
    code === 'SQLITE_CORRUPT' ||
    code === 'SQLITE_NOTADB'
  )
    return 'io';
  return undefined;
}

/** One line a person can act on, for each problem. */
export function describeStoreProblem(problem: StoreProblem, detail: string): string {
  switch (problem) {
    case 'busy':
      return 'the database is busy: another program is writing to it (an import?); nothing was changed, try again in a moment';
    case 'disk_full':
      return 'the disk that holds the data folder is full: nothing was changed; free some space and try again';
    case 'read_only':
      return 'the data folder is read-only: its data can be read but not changed (check the permissions of the folder and of account-monitor.sqlite)';
    case 'io':
      return `the database could not be read or written (${detail})`;
  }
}

export function databasePath(dataDir: string): string {
  return join(dataDir, DATABASE_FILE);
}

/**
 * better-sqlite3 reads SQLITE_USE_URI once, when its first connection opens. URI filenames are
 * needed for one case only: a database in a data folder nobody may write to, which SQLite can
 * read in WAL mode only as `file:...?immutable=1` (it cannot create the shared-memory file
 * beside it). Our own filenames are absolute paths, so the setting changes nothing else.
 */
process.env.SQLITE_USE_URI ??= '1';

export interface OpenOptions {
  /**
   * How long a write waits for another connection's write lock, in milliseconds; 0 fails at
   * once with "busy" (the server's request path retries without blocking). Default 5000.
   * Opening itself (migrations) always waits up to 5 s.
   */
  busyTimeoutMs?: number;
  /** When the folder or the file cannot be written, open the database for reading only. Default true. */
  allowReadOnly?: boolean;
}

/** Opening may wait this long for another process's write lock (a migration, an import). */
const OPEN_BUSY_TIMEOUT_MS = 5000;

/** Sets a connection up; a read-only one is checked to need no migration. */
function setUp(db: Database.Database, readOnly: boolean, busyTimeoutMs: number): void {
  db.pragma(`busy_timeout = ${OPEN_BUSY_TIMEOUT_MS}`);
  if (!readOnly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  // A bigger page cache (64 MiB) keeps the ledger index's upper levels in memory during big imports.
  db.pragma('cache_size = -65536');
  // A file that is not SQLite fails right here, before anything could write to it.
  db.prepare('SELECT count(*) FROM sqlite_schema').get();
  if (readOnly) checkVersion(db, 'read-only');
  else migrate(db);
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
}

/** Why a database failed to open, as one line (the file is never touched). */
function openFailure(err: unknown, file: string): StoreError {
  const message = (err as Error).message;
  if (err instanceof StoreError) return err;
  if (/not a database|malformed|corrupt/i.test(message)) {
    return new StoreError(
      `the database ${file} is damaged (${message}); it was left untouched: move it aside or restore a backup`,
      'io',
    );
  }
  if (storeProblem(err) === 'read_only' || /readonly|read-only|permission|access/i.test(message)) {
    return new StoreError(
      `cannot write the database ${file} (${message}): check the folder's permissions or choose another with --data-dir`,
      'read_only',
    );
  }
  if (storeProblem(err) === 'busy')
    return new StoreError(`cannot open the database ${file}: ${describeStoreProblem('busy', message)}`, 'busy');
  if (/newer Account Monitor|needs an upgrade/.test(message)) return new StoreError(message);
  return new StoreError(`cannot use the database ${file}: ${message}`);
}

/** Opens `file` and sets it up, closing it again when that fails. */
function tryOpen(file: string, mode: 'write' | 'read' | 'immutable', busyTimeoutMs: number): Database.Database {
  const db =
    mode === 'immutable'
      ? new Database(`file:${encodeURI(file).replace(/[?#]/g, encodeURIComponent)}?immutable=1`, {
          readonly: true,
          fileMustExist: true,
        })
      : new Database(file, {
          readonly: mode === 'read',
          fileMustExist: mode === 'read',
          timeout: OPEN_BUSY_TIMEOUT_MS,
        });
  try {
    setUp(db, mode !== 'write', busyTimeoutMs);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Opens (creating when absent) the database in `dataDir`. Never overwrites an existing file
 * that is not a readable Account Monitor database: it throws a StoreError instead. A database
 * that exists but cannot be written (a read-only folder or file) is opened for reading, so its
 * data can still be shown (`db.readonly` says so; every write then fails as `read_only`).
 */
export function openDatabase(dataDir: string, options: OpenOptions = {}): Database.Database {
  secureDataFolder(dataDir);
  const file = resolve(databasePath(dataDir));
  createOwnerOnly(file);
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  let failure: unknown;
  try {
    return tryOpen(file, 'write', busyTimeoutMs);
  } catch (err) {
    failure = err;
  }
  const readOnly = openFailure(failure, file).problem === 'read_only';
  if (options.allowReadOnly === false || !readOnly || !existsSync(file)) throw openFailure(failure, file);
  // With its -wal and -shm files present SQLite reads a WAL database read-only as it is; without
  // them (and no right to create them) only as an immutable file, which is then the whole truth:
  // a clean shutdown leaves no -wal behind.
  for (const mode of ['read', 'immutable'] as const) {
    try {
      return tryOpen(file, mode, busyTimeoutMs);
    } catch (err) {
      if (err instanceof StoreError) throw err;
    }
  }
  throw openFailure(failure, file);
}
