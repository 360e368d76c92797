// What a follower hears of the data folder without a service: a watch on the folder (a write to
// the database's files, running.json appearing or going), and the store's generation as another
// process sees it: SQLite's data_version on a read-only connection kept open, which moves only
// when another connection commits. The connection is only ever read (never the app's openStore,
// which opens for writing and migrates), and opening it again and again would itself touch the
// folder's files and wake the watch: it is opened once, when the database exists.
import Database from 'better-sqlite3';
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../store/database-file.ts';
import { RUNNING_FILE } from '../../store/running-file.ts';

export interface FolderWatch {
  /** False where the folder cannot be watched (missing, or no watch on this system): the caller polls. */
  watching: boolean;
  stop: () => void;
}

export function watchDataFolder(dataDir: string, onStore: () => void, onService: () => void): FolderWatch {
  let watcher: FSWatcher;
  try {
    watcher = watch(dataDir, { persistent: false }, (_event, name) => {
      // Some systems do not say which file: then it may be either.
      if (name === null || name.startsWith(DATABASE_FILE)) onStore();
      if (name === null || name === RUNNING_FILE) onService();
    });
  } catch {
    return { watching: false, stop: () => undefined };
  }
  const opened = watcher;
  // A folder removed while watched: the heartbeat still looks at the service every minute.
  opened.on('error', () => {
    opened.close();
  });
  return {
    watching: true,
    stop: () => {
      opened.close();
    },
  };
}

/** The store's generation as seen from this process, or undefined while there is no database to read. */
export class StoreGenerationReader {
  readonly #dataDir: string;
  #db: Database.Database | undefined;
  #version: Database.Statement<[], number> | undefined;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
  }

  read(): number | undefined {
    try {
      if (this.#db === undefined) {
        this.#db = new Database(join(this.#dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
        this.#version = this.#db.prepare<[], number>('PRAGMA data_version').pluck();
      }
      return this.#version?.get();
    } catch {
      this.close();
      return undefined;
    }
  }

  close(): void {
    if (this.#db?.open === true) this.#db.close();
    this.#db = undefined;
    this.#version = undefined;
  }
}
