// Accounts and their API keys. Keys are stored only as SHA-256 hashes; a revoked key keeps its
// row (revoked_at set) so it can never be registered again by accident.
import type Database from 'better-sqlite3';
import type { StoreGeneration } from './generation.ts';

export interface AccountRow { id: number; name: string; created_at: number }

export class AccountsStore {
  readonly #db: Database.Database;
  readonly #insertAccount: Database.Statement<[string, number]>;
  readonly #insertKey: Database.Statement<[number, Buffer, string, number]>;
  readonly #byHash: Database.Statement<[Buffer], { account_id: number; revoked_at: number | null }>;
  readonly #revoke: Database.Statement<[number, Buffer]>;
  readonly #account: Database.Statement<[number], AccountRow>;
  readonly #initSettings: Database.Statement<[number]>;
  readonly #generation: StoreGeneration;

  constructor(db: Database.Database, generation: StoreGeneration) {
    this.#db = db;
    this.#generation = generation;
    this.#insertAccount = db.prepare('INSERT INTO accounts (name, created_at) VALUES (?, ?)');
    this.#insertKey = db.prepare('INSERT INTO api_keys (account_id, key_hash, hint, created_at) VALUES (?, ?, ?, ?)');
    this.#byHash = db.prepare('SELECT account_id, revoked_at FROM api_keys WHERE key_hash = ?');
    this.#revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL');
    this.#account = db.prepare('SELECT id, name, created_at FROM accounts WHERE id = CAST(? AS INTEGER)');
    this.#initSettings = db.prepare('INSERT INTO notification_settings (account_id) VALUES (?)');
  }

  /** Creates an account with default (all off) settings and its first key, in one transaction. */
  create(name: string, keyHash: Buffer, hint: string, now: number): number {
    return this.#write(() => this.#db.transaction(() => {
      const id = Number(this.#insertAccount.run(name, now).lastInsertRowid);
      this.#initSettings.run(id);
      this.#insertKey.run(id, keyHash, hint, now);
      return id;
    }).immediate());
  }

  /** The key's row: `undefined` when unknown; `revoked` when it was revoked. */
  findKey(keyHash: Buffer): { accountId: number; revoked: boolean } | undefined {
    const row = this.#byHash.get(keyHash);
    return row ? { accountId: row.account_id, revoked: row.revoked_at !== null } : undefined;
  }

  /** True when a live key was revoked by this call. */
  revokeKey(keyHash: Buffer, now: number): boolean {
    return this.#write(() => this.#db.transaction(() => this.#revoke.run(now, keyHash).changes > 0).immediate());
  }

  /** Runs a write and tells the generation (caches of keys must see a revocation at once). */
  #write<T>(body: () => T): T {
    try {
      return body();
    } finally {
      this.#generation.changed();
    }
  }

  account(id: number): AccountRow | undefined {
    return this.#account.get(id);
  }
}
