// The monitor's alerts: one row each, newest first. Pruned as they are added, by a stated rule:
// an account keeps its newest MAX_ALERTS_PER_ACCOUNT alerts, and a read alert goes after
// READ_ALERT_DAYS days; unread alerts are never pruned by age (nobody has seen them yet).
import type Database from 'better-sqlite3';
import type { StoreGeneration } from './generation.ts';

export const MAX_ALERTS_PER_ACCOUNT = 500;
export const READ_ALERT_DAYS = 90;

export interface NewAlert {
  accountId: number;
  accountName: string;
  /** Epoch seconds (the app's clock). */
  at: number;
  kind: string;
  severity: string;
  urgent: boolean;
  title: string;
  body: string;
  balance: string | null;
  level: number | null;
  delivery: 'pushed' | 'held';
}

export interface StoredAlert extends NewAlert {
  id: number;
  readAt: number | null;
}

interface Row {
  id: number;
  account_id: number;
  account_name: string;
  at: number;
  kind: string;
  severity: string;
  urgent: number;
  title: string;
  body: string;
  balance: string | null;
  level: number | null;
  delivery: 'pushed' | 'held';
  read_at: number | null;
}

const COLUMNS =
  'id, account_id, account_name, at, kind, severity, urgent, title, body, balance, level, delivery, read_at';

function toAlert(r: Row): StoredAlert {
  return {
    id: r.id,
    accountId: r.account_id,
    accountName: r.account_name,
    at: r.at,
    kind: r.kind,
    severity: r.severity,
    urgent: r.urgent === 1,
    title: r.title,
    body: r.body,
    balance: r.balance,
    level: r.level,
    delivery: r.delivery,
    readAt: r.read_at,
  };
}

export class AlertsStore {
  readonly #db: Database.Database;
  readonly #generation: StoreGeneration;
  readonly #insert: Database.Statement<
    [number, string, number, string, string, number, string, string, string | null, number | null, string]
  >;
  readonly #pruneCount: Database.Statement<[number, number, number]>;
  readonly #pruneRead: Database.Statement<[number]>;
  readonly #page: Database.Statement<[number, number], Row>;
  readonly #unread: Database.Statement<[], { n: number }>;
  readonly #held: Database.Statement<[number, number, number], Row>;
  readonly #readIds: Database.Statement<[number, string]>;
  readonly #readAll: Database.Statement<[number]>;

  constructor(db: Database.Database, generation: StoreGeneration) {
    this.#db = db;
    this.#generation = generation;
    this.#insert = db.prepare(`INSERT INTO alerts
      (account_id, account_name, at, kind, severity, urgent, title, body, balance, level, delivery)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.#pruneCount = db.prepare(`DELETE FROM alerts WHERE account_id = ? AND id <= (
      SELECT id FROM alerts WHERE account_id = ? ORDER BY id DESC LIMIT 1 OFFSET CAST(? AS INTEGER))`);
    this.#pruneRead = db.prepare('DELETE FROM alerts WHERE read_at IS NOT NULL AND at < CAST(? AS INTEGER)');
    this.#page = db.prepare(
      `SELECT ${COLUMNS} FROM alerts WHERE id < CAST(? AS INTEGER) ORDER BY id DESC LIMIT CAST(? AS INTEGER)`,
    );
    this.#unread = db.prepare('SELECT count(*) AS n FROM alerts WHERE read_at IS NULL');
    this.#held = db.prepare(
      `SELECT ${COLUMNS} FROM alerts WHERE id > CAST(? AS INTEGER) AND at >= CAST(? AS INTEGER) AND delivery = 'held'
        ORDER BY id LIMIT CAST(? AS INTEGER)`,
    );
    this.#readIds = db.prepare(
      'UPDATE alerts SET read_at = ? WHERE read_at IS NULL AND id IN (SELECT value FROM json_each(?))',
    );
    this.#readAll = db.prepare('UPDATE alerts SET read_at = ? WHERE read_at IS NULL');
  }

  /** Stores an alert and prunes (see the rule above), in one transaction. */
  add(alert: NewAlert): StoredAlert {
    try {
      return this.#db
        .transaction((): StoredAlert => {
          const id = Number(
            this.#insert.run(
              alert.accountId,
              alert.accountName,
              alert.at,
              alert.kind,
              alert.severity,
              alert.urgent ? 1 : 0,
              alert.title,
              alert.body,
              alert.balance,
              alert.level,
              alert.delivery,
            ).lastInsertRowid,
          );
          this.#pruneCount.run(alert.accountId, alert.accountId, MAX_ALERTS_PER_ACCOUNT);
          this.#pruneRead.run(alert.at - READ_ALERT_DAYS * 86_400);
          return { ...alert, id, readAt: null };
        })
        .immediate();
    } finally {
      this.#generation.changed('monitor');
    }
  }

  /** Newest first, those with an id below `before` (all when undefined). */
  page(limit: number, before?: number): StoredAlert[] {
    return this.#page.all(before ?? Number.MAX_SAFE_INTEGER, limit).map(toAlert);
  }

  /** Alerts held by quiet hours after the one with id `afterId`, raised at `since` or later, oldest first. */
  heldAfter(afterId: number, since: number, limit = 1000): StoredAlert[] {
    return this.#held.all(afterId, since, limit).map(toAlert);
  }

  unreadCount(): number {
    return this.#unread.get()?.n ?? 0;
  }

  /** Marks alerts read at `at`; returns how many were unread. */
  markRead(which: { ids: number[] } | { all: true }, at: number): number {
    try {
      return 'all' in which ? this.#readAll.run(at).changes : this.#readIds.run(at, JSON.stringify(which.ids)).changes;
    } finally {
      this.#generation.changed('monitor');
    }
  }
}
