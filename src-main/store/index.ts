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
  close(): void;
}

export function openStore(dataDir: string): Store {
  const db = openDatabase(dataDir);
  return {
    db,
    accounts: new AccountsStore(db),
    ledger: new LedgerStore(db),
    recurring: new RecurringStore(db),
    settings: new SettingsStore(db),
    close: () => {
      if (db.open) db.close();
    },
  };
}

export { StoreError, databasePath } from './database.ts';
export type { EntryKind, NewEntry, StoredEntry } from './ledger-store.ts';
export type { NewRecurring, Period, StoredRecurring } from './recurring-store.ts';
export type { SettingsRow } from './settings-store.ts';
