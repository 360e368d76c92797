// App-wide settings (not one account's): a JSON value by name. Shared by the desktop app,
// `serve` and the CLI through the one data folder; the app API edits them for the window.
import type Database from 'better-sqlite3';
import type { StoreGeneration, WriteKind } from './generation.ts';

export class AppSettingsStore {
  readonly #get: Database.Statement<[string], { value: string }>;
  readonly #put: Database.Statement<[string, string]>;
  readonly #generation: StoreGeneration;

  constructor(db: Database.Database, generation: StoreGeneration) {
    this.#generation = generation;
    this.#get = db.prepare('SELECT value FROM app_settings WHERE name = ?');
    this.#put = db.prepare(
      'INSERT INTO app_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
    );
  }

  /** The parsed JSON stored under `name`; undefined when absent or not JSON. */
  get(name: string): unknown {
    const row = this.#get.get(name);
    if (row === undefined) return undefined;
    try {
      return JSON.parse(row.value) as unknown;
    } catch {
      return undefined;
    }
  }

  /** Stores `value` under `name`; `kind` says who wrote (the monitor's own notes are not a person's edit). */
  put(name: string, value: unknown, kind: WriteKind = 'edit'): void {
    try {
      this.#put.run(name, JSON.stringify(value));
    } finally {
      this.#generation.changed(kind);
    }
  }
}
