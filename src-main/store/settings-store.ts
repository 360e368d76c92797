// Notification settings, one row per account. Sets are stored as comma lists in canonical order.
import type Database from 'better-sqlite3';
import type { StoreGeneration } from './generation.ts';

export interface SettingsRow {
  warningEnabled: boolean;
  warningLevel: number | null;
  summary: string[];
  disk: number[];
  bandwidth: number[];
}

interface Row {
  warning_enabled: number;
  warning_level: number | null;
  summary: string;
  disk: string;
  bandwidth: string;
}

const split = (text: string): string[] => (text === '' ? [] : text.split(','));

export class SettingsStore {
  readonly #get: Database.Statement<[number], Row>;
  readonly #put: Database.Statement<[number, number, number | null, string, string, string]>;
  readonly #generation: StoreGeneration;
  readonly #db: Database.Database;

  constructor(db: Database.Database, generation: StoreGeneration) {
    this.#db = db;
    this.#generation = generation;
    this.#get = db.prepare(
      'SELECT warning_enabled, warning_level, summary, disk, bandwidth FROM notification_settings WHERE account_id = CAST(? AS INTEGER)',
    );
    this.#put =
      db.prepare(`INSERT INTO notification_settings (account_id, warning_enabled, warning_level, summary, disk, bandwidth)
      VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (account_id) DO UPDATE SET warning_enabled = excluded.warning_enabled, warning_level = excluded.warning_level,
        summary = excluded.summary, disk = excluded.disk, bandwidth = excluded.bandwidth`);
  }

  get(accountId: number): SettingsRow {
    const row = this.#get.get(accountId);
    if (!row) return { warningEnabled: false, warningLevel: null, summary: [], disk: [], bandwidth: [] };
    return {
      warningEnabled: row.warning_enabled === 1,
      warningLevel: row.warning_level,
      summary: split(row.summary),
      disk: split(row.disk).map(Number),
      bandwidth: split(row.bandwidth).map(Number),
    };
  }

  /** Writes the whole row at once (one statement, so atomic). */
  put(accountId: number, s: SettingsRow): void {
    try {
      this.#db
        .transaction(() =>
          this.#put.run(
            accountId,
            s.warningEnabled ? 1 : 0,
            s.warningLevel,
            s.summary.join(','),
            s.disk.join(','),
            s.bandwidth.join(','),
          ),
        )
        .immediate();
    } finally {
      this.#generation.changed();
    }
  }
}
