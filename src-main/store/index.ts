// The store: one SQLite database and its repositories.
import type Database from 'better-sqlite3';
import { AccountsStore } from './accounts-store.ts';
import { openDatabase } from './database.ts';
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
   * Changes whenever anything in the database may have changed: this connection's writes at
   * once, another connection's commits within a millisecond. Caches key on it.
   */
  generation(): string;
  close(): void;
}

export function openStore(dataDir: string): Store {
  const db = openDatabase(dataDir);
  const ownChanges = db.prepare('SELECT total_changes()').pluck();
  const otherCommits = db.prepare('PRAGMA data_version').pluck();
  // data_version costs a read of the WAL index (about 3 µs, a tenth of a cached answer), so it
  // is asked at most once a millisecond: another process's commit is seen within 1 ms, which no
  // caller can tell from a request that was simply served first. This connection's own writes
  // (total_changes, 0.3 µs) are seen at once.
  let otherVersion = 0;
  let otherCheckedAt = -Infinity;
  const generation = (): string => {
    const now = performance.now();
    if (now - otherCheckedAt >= 1) {
      otherVersion = otherCommits.get() as number;
      otherCheckedAt = now;
    }
    return `${ownChanges.get() as number}:${otherVersion}`;
  };
  return {
    db,
    accounts: new AccountsStore(db),
    ledger: new LedgerStore(db, generation),
    recurring: new RecurringStore(db, generation),
    settings: new SettingsStore(db),
    observations: new ObservationsStore(db),
    generation,
    close: () => {
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
