// Accounts and their API keys. Keys are stored only as SHA-256 hashes; a revoked key keeps its
// row (revoked_at set) so it can never be registered again by accident (a disconnected
// connected account's key is the one exception: reconnecting with it brings the account back).
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { StoreGeneration } from './generation.ts';

import type { AccountKind } from '../../src-shared/vocabulary.ts';

export type { AccountKind };

export interface AccountRow {
  id: number;
  name: string;
  created_at: number;
  kind: AccountKind;
  /** A connected account's provider address ({base_url}); null for a local account. */
  base_url: string | null;
  /** Names the account's keychain entry. */
  vault_ref: string;
  /** 1 when the app keeps the account's key (the window shows it, background checks use it). */
  key_kept: number;
  disconnected_at: number | null;
}

const COLUMNS = 'id, name, created_at, kind, base_url, vault_ref, key_kept, disconnected_at';

export class AccountsStore {
  readonly #db: Database.Database;
  readonly #insertAccount: Database.Statement<[string, number, AccountKind, string | null, string]>;
  readonly #insertKey: Database.Statement<[number, Buffer, string, number]>;
  readonly #byHash: Database.Statement<[Buffer], { account_id: number; revoked_at: number | null }>;
  readonly #revoke: Database.Statement<[number, Buffer]>;
  readonly #revokeAll: Database.Statement<[number, number]>;
  readonly #unrevoke: Database.Statement<[Buffer]>;
  readonly #account: Database.Statement<[number], AccountRow>;
  readonly #live: Database.Statement<[], AccountRow>;
  readonly #withLiveKey: Database.Statement<[], number>;
  readonly #setKept: Database.Statement<[number, number]>;
  readonly #disconnect: Database.Statement<[number, number]>;
  readonly #reconnect: Database.Statement<[string, string, number]>;
  readonly #initSettings: Database.Statement<[number]>;
  readonly #generation: StoreGeneration;

  constructor(db: Database.Database, generation: StoreGeneration) {
    this.#db = db;
    this.#generation = generation;
    this.#insertAccount = db.prepare(
      'INSERT INTO accounts (name, created_at, kind, base_url, vault_ref) VALUES (?, ?, ?, ?, ?)',
    );
    this.#insertKey = db.prepare('INSERT INTO api_keys (account_id, key_hash, hint, created_at) VALUES (?, ?, ?, ?)');
    this.#byHash = db.prepare('SELECT account_id, revoked_at FROM api_keys WHERE key_hash = ?');
    this.#revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL');
    this.#revokeAll = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL');
    this.#unrevoke = db.prepare('UPDATE api_keys SET revoked_at = NULL WHERE key_hash = ?');
    this.#account = db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE id = CAST(? AS INTEGER)`);
    this.#live = db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE disconnected_at IS NULL ORDER BY id`);
    this.#withLiveKey = db
      .prepare<[], number>('SELECT DISTINCT account_id FROM api_keys WHERE revoked_at IS NULL')
      .pluck();
    this.#setKept = db.prepare('UPDATE accounts SET key_kept = ? WHERE id = ?');
    this.#disconnect = db.prepare('UPDATE accounts SET disconnected_at = ?, key_kept = 0 WHERE id = ?');
    this.#reconnect = db.prepare('UPDATE accounts SET disconnected_at = NULL, base_url = ?, name = ? WHERE id = ?');
    this.#initSettings = db.prepare('INSERT INTO notification_settings (account_id) VALUES (?)');
  }

  /** Creates a local account with default (all off) settings and its first key, in one transaction. */
  create(name: string, keyHash: Buffer, hint: string, now: number): number {
    return this.#create(name, 'local', null, keyHash, hint, now);
  }

  /** Creates a connected account at `baseUrl` with the key that opens it there. */
  createRemote(name: string, baseUrl: string, keyHash: Buffer, hint: string, now: number): number {
    return this.#create(name, 'remote', baseUrl, keyHash, hint, now);
  }

  #create(name: string, kind: AccountKind, baseUrl: string | null, keyHash: Buffer, hint: string, now: number): number {
    return this.#write(() =>
      this.#db
        .transaction(() => {
          const id = Number(
            this.#insertAccount.run(name, now, kind, baseUrl, randomBytes(16).toString('hex')).lastInsertRowid,
          );
          this.#initSettings.run(id);
          this.#insertKey.run(id, keyHash, hint, now);
          return id;
        })
        .immediate(),
    );
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

  /** Every account not disconnected, oldest first. */
  live(): AccountRow[] {
    return this.#live.all();
  }

  /** The accounts that have a key not revoked (the others are refused everywhere). */
  withLiveKey(): Set<number> {
    return new Set(this.#withLiveKey.all());
  }

  setKeyKept(id: number, kept: boolean): void {
    this.#write(() => this.#setKept.run(kept ? 1 : 0, id));
  }

  /** A connected account is disconnected: its keys are refused from now on, in one transaction. */
  disconnect(id: number, now: number): void {
    this.#write(() => {
      this.#db.transaction(() => {
        this.#revokeAll.run(now, id);
        this.#disconnect.run(now, id);
      })();
    });
  }

  /** A disconnected account comes back with the same key (its history kept). */
  reconnect(id: number, keyHash: Buffer, baseUrl: string, name: string): void {
    this.#write(() => {
      this.#db.transaction(() => {
        this.#unrevoke.run(keyHash);
        this.#reconnect.run(baseUrl, name, id);
      })();
    });
  }
}
