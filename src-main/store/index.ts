// The store: one SQLite database and its repositories.
import type Database from 'better-sqlite3';
import { AccountsStore } from './accounts-store.ts';
import { openDatabase } from './database.ts';
import { LedgerStore } from './ledger-store.ts';
import { RecurringStore } from './recurring-store.ts';
import { SettingsStore } from './settings-store.ts';

export interface Store {
  db: Database.Database;
  accounts: AccountsStore;
  ledger: LedgerStore;
  recurring: RecurringStore;
  settings: SettingsStore;
  /**
   * Changes whenever anything in the database may have changed: this connection's writes
   * (total_changes) or another connection's commits (data_version). Caches key on it.
   */
  generation(): string;
  close(): void;
}

export function openStore(dataDir: string): Store {
  const db = openDatabase(dataDir);
  const generation = db.prepare('SELECT total_changes() AS c, (SELECT data_version FROM pragma_data_version()) AS v');
  return {
    db,
    accounts: new AccountsStore(db),
    ledger: new LedgerStore(db),
    recurring: new RecurringStore(db),
    settings: new SettingsStore(db),
    generation: () => {
      const row = generation.get() as { c: number; v: number };
      return `${row.c}:${row.v}`;
    },
    close: () => {
      if (db.open) db.close();
    },
  };
}

export { StoreError, databasePath } from './database.ts';
export type { EntryKind, NewEntry, StoredEntry } from './ledger-store.ts';
export type { NewRecurring, Period, StoredRecurring } from './recurring-store.ts';
export type { SettingsRow } from './settings-store.ts';
