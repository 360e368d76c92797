// The store: one SQLite database and its repositories.
import type Database from 'better-sqlite3';
import { AccountsStore } from './accounts-store.ts';
import { DATABASE_FILE, openDatabase } from './database.ts';
import { StoreGeneration } from './generation.ts';
import { LedgerStore } from './ledger-store.ts';
import { ObservationsStore } from './observations-store.ts';
import { RecurringStore } from './recurring-store.ts';
import { SettingsStore } from './settings-store.ts';

export interface Store {
  db: Database.Database;
  accounts: AccountsStore;
  ledger: LedgerStore;
  recurring: RecurringStore;
  settings: SettingsStore;
  observations: ObservationsStore;
  /**
   * Changes whenever anything in the database may have changed: writes through these
   * repositories at once, another connection's commits within a millisecond. Caches key on it
   * (see generation.ts).
   */
  generation(): number;
  close(): void;
}

export function openStore(dataDir: string): Store {
  const db = openDatabase(dataDir);
  const generation = new StoreGeneration(db);
  generation.watch(dataDir, DATABASE_FILE);
  return {
    db,
    accounts: new AccountsStore(db, generation),
    ledger: new LedgerStore(db, generation),
    recurring: new RecurringStore(db, generation),
    settings: new SettingsStore(db, generation),
    observations: new ObservationsStore(db, generation),
    generation: () => generation.current(),
    close: () => {
      generation.close();
      if (db.open) db.close();
    },
  };
}

export { StoreError, databasePath } from './database.ts';
export type { EntryKind, NewEntry, StoredEntry } from './ledger-store.ts';
export type { NewRecurring, Period, StoredRecurring } from './recurring-store.ts';
export type { SettingsRow } from './settings-store.ts';
export type { AccountKind, AccountRow } from './accounts-store.ts';
export type { NewObservation, Observation, ObservationOutcome, ObservationSource } from './observations-store.ts';
