// Opens the SQLite store: WAL for readers beside a writer, foreign keys on, then migrations.
// synchronous=NORMAL: in WAL mode every commit is atomic and survives a crash of the app; only
// an OS crash or power cut can roll back the last commits (never corrupt the file). FULL would
// add an fsync per commit, about 4 ms here, which a back-dated insert cannot afford (< 5 ms).
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from './migrations.ts';

export const DATABASE_FILE = 'account-monitor.sqlite';

/** An error the user can act on, with one clear line of explanation. */
export class StoreError extends Error {
  override name = 'StoreError';
}

export function databasePath(dataDir: string): string {
  return join(dataDir, DATABASE_FILE);
}

/**
 * Opens (creating when absent) the database in `dataDir`. Never overwrites an existing file
 * that is not a readable Account Monitor database: it throws a StoreError instead.
 */
export function openDatabase(dataDir: string, options: { readonly?: boolean } = {}): Database.Database {
  const file = databasePath(dataDir);
  try {
    if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    else if (!statSync(dataDir).isDirectory()) throw new StoreError(`data folder ${dataDir} is not a folder`);
  } catch (err) {
    if (err instanceof StoreError) throw err;
    throw new StoreError(`cannot create the data folder ${dataDir}: ${(err as Error).message}`);
  }
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: options.readonly === true, fileMustExist: options.readonly === true });
  } catch (err) {
    throw new StoreError(`cannot open the database ${file}: ${(err as Error).message}`);
  }
  try {
    db.pragma('busy_timeout = 5000');
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = ON');
    // A bigger page cache (64 MiB) keeps the ledger index's upper levels in memory during big imports.
    db.pragma('cache_size = -65536');
    // A file that is not SQLite fails right here, before anything could write to it.
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    if (!options.readonly) migrate(db);
  } catch (err) {
    db.close();
    const message = (err as Error).message;
    if (/not a database|malformed|corrupt/i.test(message)) {
      throw new StoreError(`the database ${file} is damaged (${message}); it was left untouched: move it aside or restore a backup`);
    }
    if (/readonly|read-only|permission|access/i.test(message)) {
      throw new StoreError(`cannot write the database ${file} (${message}): check the folder's permissions or choose another with --data-dir`);
    }
    if (err instanceof Error && /newer Account Monitor/.test(message)) throw new StoreError(message);
    throw new StoreError(`cannot use the database ${file}: ${message}`);
  }
  return db;
}
