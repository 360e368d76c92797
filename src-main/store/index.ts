// The store: one SQLite database and its repositories.
import type Database from 'better-sqlite3';
import { AccountsStore } from './accounts-store.ts';
import { AlertsStore } from './alerts-store.ts';
import { AppSettingsStore } from './app-settings-store.ts';
import { ComparisonsStore } from './comparisons-store.ts';
import { DATABASE_FILE, openDatabase, type OpenOptions } from './database.ts';
import { type DataChange, StoreGeneration } from './generation.ts';
import { LedgerStore } from './ledger-store.ts';
import { ObservationsStore } from './observations-store.ts';
import { ProjectionsStore } from './projections-store.ts';
import { RecurringStore } from './recurring-store.ts';
import { SettingsStore } from './settings-store.ts';
import { WatchStore } from './watch-store.ts';

export interface Store {
  db: Database.Database;
  accounts: AccountsStore;
  ledger: LedgerStore;
  recurring: RecurringStore;
  settings: SettingsStore;
  observations: ObservationsStore;
  /** The monitor's alerts, its last evaluation of each account, and app-wide settings. */
  alerts: AlertsStore;
  watch: WatchStore;
  appSettings: AppSettingsStore;
  /** Connected accounts' forecasts: the provider's projected balances, and each check compared with them. */
  projections: ProjectionsStore;
  comparisons: ComparisonsStore;
  /**
   * Changes whenever anything in the database may have changed: writes through these
   * repositories at once, another connection's commits within a millisecond. Caches key on it
   * (see generation.ts).
   */
  generation(): number;
  /**
   * The one source of "the data changed": told after this process's writes (with who wrote) and
   * other processes' commits (heard through the one watch on the data folder). Returns the
   * function that stops telling `listener`.
   */
  onChange(listener: (change: DataChange) => void): () => void;
  /** A change is waiting to be told (tests wait for the app to settle). */
  readonly telling: boolean;
  /** True when the database could only be opened for reading (every write fails as `read_only`). */
  readOnly: boolean;
  /**
   * Runs `body` as one write transaction, all or nothing, taking the write lock first (BEGIN
   * IMMEDIATE); the repositories' own transactions inside it become part of it.
   */
  transaction<T>(body: () => T): T;
  /** Another connection of this process wrote (an import worker): caches and listeners must look again. */
  invalidate(): void;
  close(): void;
}

export interface StoreOptions extends OpenOptions {
  /** Hear of other processes' commits through a watch on the data folder (default true). */
  watch?: boolean;
}

export function openStore(dataDir: string, options: StoreOptions = {}): Store {
  const db = openDatabase(dataDir, options);
  const generation = new StoreGeneration(
    db,
    options.watch === false ? undefined : { dataDir, databaseFile: DATABASE_FILE },
  );
  return {
    db,
    readOnly: db.readonly,
    transaction: <T>(body: () => T): T => {
      try {
        return db.transaction(body).immediate();
      } finally {
        // The repositories' writes inside have told who wrote; a rolled-back one must not stay cached.
        generation.changed(null);
      }
    },
    invalidate: () => {
      generation.lookNow();
    },
    accounts: new AccountsStore(db, generation),
    ledger: new LedgerStore(db, generation),
    recurring: new RecurringStore(db, generation),
    settings: new SettingsStore(db, generation),
    observations: new ObservationsStore(db, generation),
    alerts: new AlertsStore(db, generation),
    watch: new WatchStore(db, generation),
    appSettings: new AppSettingsStore(db, generation),
    projections: new ProjectionsStore(db),
    comparisons: new ComparisonsStore(db, generation),
    generation: () => generation.current(),
    onChange: (listener) => generation.onChange(listener),
    get telling() {
      return generation.telling;
    },
    close: () => {
      generation.close();
      if (db.open) db.close();
    },
  };
}

export { StoreError, databasePath, describeStoreProblem, storeProblem, type StoreProblem } from './database.ts';
export type { DataChange, WriteKind } from './generation.ts';
export { DATABASE_FILE } from './database.ts';
export type { EntryFilter, EntryKind, LedgerCursor, LedgerMark, NewEntry, StoredEntry } from './ledger-types.ts';
export type { NewRecurring, StoredRecurring } from './recurring-store.ts';
export type { SettingsRow } from './settings-store.ts';
export type { AccountKind, AccountRow } from './accounts-store.ts';
export type { NewAlert, StoredAlert } from './alerts-store.ts';
export { MAX_ALERTS_PER_ACCOUNT, READ_ALERT_DAYS } from './alerts-store.ts';
export type { WatchRow } from './watch-store.ts';
export type { NewObservation, Observation, ObservationOutcome, ObservationSource } from './observations-store.ts';
export type { Projection } from './projections-store.ts';
export type { CheckComparison, ComparedObservation } from './comparisons-store.ts';
export { DEFAULT_UNEXPECTED_CHARGE_THRESHOLD } from './comparisons-store.ts';
export { claimDataFolder, LOCK_FILE, type ClaimOutcome, type DataFolderClaim } from './instance-lock.ts';
export { RUNNING_FILE, type Holder } from './running-file.ts';
