// Versioned schema migrations, applied in order inside one transaction each; the version
// lives in `PRAGMA user_version`. Never edit a released migration: add a new one.
import type Database from 'better-sqlite3';
import { rebuildLedgerIndex } from './ledger-index.ts';
import { boundObservations } from './observations-bounds.ts';

export interface Migration {
  version: number;
  describe: string;
  up: (db: Database.Database) => void;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    describe: 'accounts, API keys, ledger entries, recurring charges, notification settings',
    up: (db) => {
      db.exec(`
        CREATE TABLE accounts (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE api_keys (
          id INTEGER PRIMARY KEY,
          account_id INTEGER NOT NULL REFERENCES accounts(id),
          key_hash BLOB NOT NULL UNIQUE,
          hint TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          revoked_at INTEGER
        );
        CREATE TABLE ledger_entries (
          id INTEGER PRIMARY KEY,
          account_id INTEGER NOT NULL REFERENCES accounts(id),
          at INTEGER NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('topup', 'refund', 'charge', 'adjustment')),
          amount TEXT NOT NULL,
          units TEXT NOT NULL,
          note TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX ledger_by_time ON ledger_entries (account_id, at, id);
        CREATE TABLE recurring_charges (
          id INTEGER PRIMARY KEY,
          account_id INTEGER NOT NULL REFERENCES accounts(id),
          amount TEXT NOT NULL,
          units TEXT NOT NULL,
          every TEXT NOT NULL CHECK (every IN ('day', 'week', 'month', 'year')),
          starts_at INTEGER NOT NULL,
          ends_at INTEGER,
          note TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX recurring_by_account ON recurring_charges (account_id);
        CREATE TABLE notification_settings (
          account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
          warning_enabled INTEGER NOT NULL DEFAULT 0,
          warning_level INTEGER,
          summary TEXT NOT NULL DEFAULT '',
          disk TEXT NOT NULL DEFAULT '',
          bandwidth TEXT NOT NULL DEFAULT ''
        );
      `);
    },
  },
  {
    version: 2,
    describe: 'O(log n) balance index: per-leaf running sums and a Fenwick tree over time leaves',
    up: (db) => {
      db.exec(`
        ALTER TABLE ledger_entries ADD COLUMN leaf_prefix TEXT NOT NULL DEFAULT '0';
        CREATE TABLE ledger_fenwick (
          account_id INTEGER NOT NULL,
          node INTEGER NOT NULL,
          sum TEXT NOT NULL,
          PRIMARY KEY (account_id, node)
        ) WITHOUT ROWID;
      `);
      rebuildLedgerIndex(db);
    },
  },
  {
    version: 3,
    describe:
      'connected (remote) accounts: kind, base URL, a keychain reference per account, and observations of the provider',
    up: (db) => {
      // vault_ref names the account's keychain entry: random, so two data folders on one
      // machine (one keychain) never share an entry; key_kept: the app keeps the key (window,
      // background checks); disconnected_at: a connected account the user disconnected.
      db.exec(`
        ALTER TABLE accounts ADD COLUMN kind TEXT NOT NULL DEFAULT 'local' CHECK (kind IN ('local', 'remote'));
        ALTER TABLE accounts ADD COLUMN base_url TEXT;
        ALTER TABLE accounts ADD COLUMN vault_ref TEXT;
        ALTER TABLE accounts ADD COLUMN key_kept INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE accounts ADD COLUMN disconnected_at INTEGER;
        UPDATE accounts SET vault_ref = lower(hex(randomblob(16)));
        CREATE UNIQUE INDEX accounts_by_vault_ref ON accounts (vault_ref);
        CREATE TABLE observations (
          id INTEGER PRIMARY KEY,
          account_id INTEGER NOT NULL REFERENCES accounts(id),
          at INTEGER NOT NULL,
          source TEXT NOT NULL CHECK (source IN ('connect', 'check', 'request')),
          outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'provider_unreachable', 'provider_timeout', 'provider_bad_answer', 'invalid_key')),
          balance TEXT,
          provider_datetime TEXT,
          settings TEXT,
          message TEXT
        );
        CREATE INDEX observations_by_time ON observations (account_id, at, id);
      `);
    },
  },
  {
    version: 4,
    describe: "the monitor's alerts, each account's last evaluation and episodes, and app-wide settings",
    up: (db) => {
      // alerts: one row per alert raised (newest first by id), pruned by alerts-store.ts's rule.
      // account_watch: what the monitor last read of an account and which episodes are open, so
      // a restart neither repeats an alert nor loses one, and `status` reads it without asking
      // anyone. app_settings: app-wide settings (quiet hours, forecast days) as JSON by name.
      db.exec(`
        CREATE TABLE alerts (
          id INTEGER PRIMARY KEY,
          account_id INTEGER NOT NULL REFERENCES accounts(id),
          account_name TEXT NOT NULL,
          at INTEGER NOT NULL,
          kind TEXT NOT NULL,
          severity TEXT NOT NULL,
          urgent INTEGER NOT NULL DEFAULT 0,
          title TEXT NOT NULL,
          body TEXT NOT NULL,
          balance TEXT,
          level INTEGER,
          delivery TEXT NOT NULL CHECK (delivery IN ('pushed', 'held')),
          read_at INTEGER
        );
        CREATE INDEX alerts_by_account ON alerts (account_id, id);
        CREATE INDEX alerts_unread ON alerts (id) WHERE read_at IS NULL;
        CREATE TABLE account_watch (
          account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
          evaluated_at INTEGER NOT NULL,
          reading TEXT NOT NULL,
          episodes TEXT NOT NULL
        );
        CREATE TABLE app_settings (
          name TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
      `);
    },
  },
  {
    version: 5,
    describe:
      'observations bounded (issue 26): a run of identical failures is one row with a count and its first instant; stored messages cut and made inert; balances no provider answer may now carry taken out',
    up: (db) => {
      db.exec(`
        ALTER TABLE observations ADD COLUMN count INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE observations ADD COLUMN first_at INTEGER;
        UPDATE observations SET first_at = at;
      `);
      boundObservations(db);
    },
  },
  {
    version: 6,
    describe:
      "forecast of connected accounts: the provider's projected balances per instant, each check compared with them (unexpected charges, top-ups, the provider's clock), the unexpected-charge threshold",
    up: (db) => {
      // projections: the provider's balance at an instant as it projected it, kept until an
      // observation disagrees (then the account's epoch moves on and older rows no longer count).
      // check_comparisons: one row per check that read a balance, beside its observation (and
      // deleted with it). Thresholds: whole pence; an account without a row uses the default.
      db.exec(`
        CREATE TABLE projections (
          account_id INTEGER NOT NULL REFERENCES accounts(id),
          at INTEGER NOT NULL,
          epoch INTEGER NOT NULL,
          balance TEXT NOT NULL,
          datetime TEXT NOT NULL,
          PRIMARY KEY (account_id, at)
        ) WITHOUT ROWID;
        CREATE TABLE projection_epochs (
          account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
          epoch INTEGER NOT NULL
        );
        CREATE TABLE check_comparisons (
          observation_id INTEGER PRIMARY KEY REFERENCES observations(id) ON DELETE CASCADE,
          account_id INTEGER NOT NULL REFERENCES accounts(id),
          provider_at INTEGER,
          compared_at INTEGER,
          projected TEXT,
          reported TEXT,
          since INTEGER,
          surprise TEXT CHECK (surprise IN ('unexpected_charge', 'top_up'))
        );
        CREATE INDEX check_comparisons_by_account ON check_comparisons (account_id, observation_id);
        CREATE TABLE unexpected_charge_thresholds (
          account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
          pence INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 7,
    describe:
      "the ledger's change log (issue 36): what each delete or edit did to an account's sums, so that a ledger held in memory follows every process's writes without being read again",
    up: (db) => {
      // high_id: the highest entry id given when the row was written (new entries take ids above
      // it, see ledger-changes.ts). No index: a reader reads the rows after its point, all
      // accounts' (few), and keeps its own account's. A point (seq) is never given twice: new
      // rows take max(seq) + 1 and pruning never removes the last row.
      db.exec(`
        CREATE TABLE ledger_changes (
          seq INTEGER PRIMARY KEY,
          account_id INTEGER NOT NULL,
          entry_id INTEGER NOT NULL,
          at INTEGER NOT NULL,
          units TEXT NOT NULL,
          high_id INTEGER NOT NULL
        );
      `);
    },
  },
];

export const LATEST_VERSION = migrations.reduce((max, m) => Math.max(max, m.version), 0);

/** Refuses a database written by a newer version of the app, or (read-only) one that needs an upgrade. */
export function checkVersion(db: Database.Database, mode: 'read-only' | 'writable'): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > LATEST_VERSION) {
    throw new Error(
      `the database was written by a newer Account Monitor (schema ${current}, this one knows ${LATEST_VERSION}); refusing to touch it`,
    );
  }
  if (mode === 'read-only' && current < LATEST_VERSION) {
    throw new Error(
      `the database needs an upgrade (schema ${current} to ${LATEST_VERSION}) but cannot be written: make its folder writable once`,
    );
  }
  return current;
}

/**
 * Brings the schema up to date; refuses a database written by a newer version of the app. Each
 * step takes the write lock first (BEGIN IMMEDIATE) and reads the version again under it, so
 * two processes opening a new database at once never both run a step.
 */
export function migrate(db: Database.Database): void {
  const current = checkVersion(db, 'writable');
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      if ((db.pragma('user_version', { simple: true }) as number) >= m.version) return;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
}
