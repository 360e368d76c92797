// The rows of one query on a read-only connection, for what a status bar or cron runs every few
// seconds (status, check, account list: stored-evaluations.ts), through Node's own SQLite
// (node:sqlite) where this Node has it: it loads nothing, where better-sqlite3 is a native library
// and fifteen files to load (about a third of such a run). better-sqlite3 otherwise. Everything
// else uses better-sqlite3 (database.ts); both read the same file format.
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { DATABASE_FILE } from './database-file.ts';

type NodeSqlite = typeof import('node:sqlite');

/**
 * node:sqlite, or undefined where this Node has none (or only behind a flag). Node 22 says on
 * stderr that it is experimental when it loads; a status bar shows stderr, so that one warning is
 * held back here (the query uses nothing that changed since).
 */
function nodeSqlite(): NodeSqlite | undefined {
  const warnings = Object.getOwnPropertyDescriptor(process, 'emitWarning');
  process.emitWarning = (): void => undefined;
  try {
    // undefined, not a throw, where this Node has no such module (its type says otherwise).
    const sqlite: NodeSqlite | undefined = process.getBuiltinModule('node:sqlite');
    return sqlite;
  } catch {
    return undefined;
  } finally {
    if (warnings !== undefined) Object.defineProperty(process, 'emitWarning', warnings);
  }
}

/** The rows of `sql` in the data folder's database; undefined when it cannot be opened or read. */
export async function readOnlyRows<Row>(dataDir: string, sql: string): Promise<Row[] | undefined> {
  const file = join(dataDir, DATABASE_FILE);
  const sqlite = nodeSqlite();
  if (sqlite !== undefined) {
    let db: DatabaseSync;
    try {
      db = new sqlite.DatabaseSync(file, { readOnly: true });
    } catch {
      return undefined;
    }
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      return db.prepare(sql).all() as Row[];
    } catch {
      return undefined;
    } finally {
      db.close();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    return undefined;
  }
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare<[], Row>(sql).all();
  } catch {
    return undefined;
  } finally {
    db.close();
  }
}
