// The index that makes "sum of ledger entries at or before t" cost O(log n) SQLite lookups.
//
// Time is cut into leaves of 2^12 seconds (about 68 minutes). Each entry row carries
// `leaf_prefix`: the running sum of its leaf's entries, in (at, id) order, up to and including
// itself. A Fenwick tree over leaves (table ledger_fenwick, sparse: absent nodes are zero) holds
// each leaf's total. The sum at t is then the Fenwick prefix over the leaves before t's leaf
// (at most 23 point lookups) plus the leaf_prefix of the last entry at or before t in t's leaf
// (one index seek). A back-dated insert touches 23 nodes and the few later rows in its leaf.
// Sums are exact integers of 1e-10 pence kept as decimal TEXT (they can outgrow 64 bits).
import type Database from 'better-sqlite3';
import { LEDGER_MAX_INSTANT, LEDGER_MIN_INSTANT } from '../../src-shared/ledger-rules.ts';

export const LEAF_BITS = 12;
export const LEAF_SECONDS = 2 ** LEAF_BITS;
/** Instants the ledger accepts (the contract's range, src-shared/ledger-rules.ts). */
export const MIN_INSTANT = LEDGER_MIN_INSTANT;
export const MAX_INSTANT = LEDGER_MAX_INSTANT;
const LEAF_OFFSET = 2 ** 34 / LEAF_SECONDS;
/** Number of leaves; Fenwick positions are 1..FENWICK_SIZE. */
const FENWICK_SIZE = 2 ** 35 / LEAF_SECONDS;

export function leafOf(at: number): number {
  return Math.floor(at / LEAF_SECONDS) + LEAF_OFFSET;
}

export function leafStart(leaf: number): number {
  return (leaf - LEAF_OFFSET) * LEAF_SECONDS;
}

/** Fenwick nodes to update when leaf `leaf` (0-based) changes. */
function updateNodes(leaf: number): number[] {
  const nodes: number[] = [];
  for (let i = leaf + 1; i <= FENWICK_SIZE; i += i & -i) nodes.push(i);
  return nodes;
}

/** Fenwick nodes whose sum covers leaves 0..leaf-1. */
function prefixNodes(leaf: number): number[] {
  const nodes: number[] = [];
  for (let i = leaf; i > 0; i -= i & -i) nodes.push(i);
  return nodes;
}

interface Statements {
  node: Database.Statement<[number, number], { sum: string }>;
  /** Sum-of-nodes statements by node count: one call into SQLite per prefix instead of up to 23. */
  nodesIn: Map<number, Database.Statement<number[], { sum: string }>>;
  upsertNode: Database.Statement<[number, number, string]>;
  lastInLeaf: Database.Statement<[number, number, number], { leaf_prefix: string }>;
  previousInLeaf: Database.Statement<[number, number, number, number, number], { leaf_prefix: string }>;
  shiftLater: Database.Statement<[number, number, number, number, number], { id: number; leaf_prefix: string }>;
  setPrefix: Database.Statement<[string, number]>;
  leafRows: Database.Statement<[number, number, number], { id: number; units: string }>;
}

const cache = new WeakMap<Database.Database, Statements>();

function statements(db: Database.Database): Statements {
  let s = cache.get(db);
  if (s) return s;
  // Integer arguments are written CAST(? AS INTEGER): SQLite (built with STAT4) otherwise marks
  // the statement to be planned again whenever a value is bound to a column it has an index
  // on, which made each of these cost 15 µs instead of 4.
  s = {
    node: db.prepare(
      'SELECT sum FROM ledger_fenwick WHERE account_id = CAST(? AS INTEGER) AND node = CAST(? AS INTEGER)',
    ),
    nodesIn: new Map(),
    upsertNode: db.prepare(`INSERT INTO ledger_fenwick (account_id, node, sum) VALUES (?, ?, ?)
      ON CONFLICT (account_id, node) DO UPDATE SET sum = excluded.sum`),
    lastInLeaf: db.prepare(`SELECT leaf_prefix FROM ledger_entries
      WHERE account_id = CAST(? AS INTEGER) AND at >= CAST(? AS INTEGER) AND at <= CAST(? AS INTEGER) ORDER BY at DESC, id DESC LIMIT 1`),
    // Plain range bounds on `at` (the tie on id is a filter), so the index seek starts at the
    // entry's own second and walks only its leaf; an OR inside the range would scan the account.
    previousInLeaf: db.prepare(`SELECT leaf_prefix FROM ledger_entries
      WHERE account_id = CAST(? AS INTEGER) AND at >= CAST(? AS INTEGER) AND at <= CAST(? AS INTEGER)
        AND (at < CAST(? AS INTEGER) OR id < CAST(? AS INTEGER)) ORDER BY at DESC, id DESC LIMIT 1`),
    shiftLater: db.prepare(`SELECT id, leaf_prefix FROM ledger_entries
      WHERE account_id = CAST(? AS INTEGER) AND at < CAST(? AS INTEGER) AND at >= CAST(? AS INTEGER)
        AND (at > CAST(? AS INTEGER) OR id > CAST(? AS INTEGER))`),
    setPrefix: db.prepare('UPDATE ledger_entries SET leaf_prefix = ? WHERE id = CAST(? AS INTEGER)'),
    leafRows: db.prepare(`SELECT id, units FROM ledger_entries
      WHERE account_id = CAST(? AS INTEGER) AND at >= CAST(? AS INTEGER) AND at < CAST(? AS INTEGER) ORDER BY at, id`),
  };
  cache.set(db, s);
  return s;
}

/** Sum of the account's entries in all leaves before `leaf` (the Fenwick prefix). */
export function sumBeforeLeaf(db: Database.Database, accountId: number, leaf: number): bigint {
  const s = statements(db);
  const nodes = prefixNodes(leaf);
  if (nodes.length === 0) return 0n;
  let stmt = s.nodesIn.get(nodes.length);
  if (!stmt) {
    stmt = db.prepare(
      `SELECT sum FROM ledger_fenwick WHERE account_id = CAST(? AS INTEGER) AND node IN (${nodes.map(() => 'CAST(? AS INTEGER)').join(',')})`,
    );
    s.nodesIn.set(nodes.length, stmt);
  }
  let total = 0n;
  for (const row of stmt.all(accountId, ...nodes)) total += BigInt(row.sum);
  return total;
}

/**
 * Exact sum (1e-10 pence units) of the account's entries with `at <= t`. `before` supplies the
 * Fenwick prefix of t's leaf (a cache may stand in front of sumBeforeLeaf).
 */
export function sumUpTo(
  db: Database.Database,
  accountId: number,
  t: number,
  before: (leaf: number) => bigint = (leaf) => sumBeforeLeaf(db, accountId, leaf),
): bigint {
  const clamped = Math.min(Math.max(t, MIN_INSTANT - 1), MAX_INSTANT);
  if (clamped < MIN_INSTANT) return 0n;
  const leaf = leafOf(clamped);
  let total = before(leaf);
  const last = statements(db).lastInLeaf.get(accountId, leafStart(leaf), clamped);
  if (last) total += BigInt(last.leaf_prefix);
  return total;
}

/** Adds `delta` units to the Fenwick totals of the given leaves (deltas summed per node first). */
export function addToLeaves(db: Database.Database, accountId: number, leafDeltas: Map<number, bigint>): void {
  const s = statements(db);
  const nodeDeltas = new Map<number, bigint>();
  for (const [leaf, delta] of leafDeltas) {
    if (delta === 0n) continue;
    for (const node of updateNodes(leaf)) nodeDeltas.set(node, (nodeDeltas.get(node) ?? 0n) + delta);
  }
  for (const [node, delta] of nodeDeltas) {
    const row = s.node.get(accountId, node);
    s.upsertNode.run(accountId, node, ((row ? BigInt(row.sum) : 0n) + delta).toString());
  }
}

/**
 * Indexes one entry just inserted (row `id` at `at` carrying `units`): its leaf_prefix, the
 * later rows of its leaf, and the Fenwick totals. Call inside the insert's transaction.
 */
export function indexInsertedEntry(
  db: Database.Database,
  accountId: number,
  id: number,
  at: number,
  units: bigint,
): void {
  const s = statements(db);
  const leaf = leafOf(at);
  const start = leafStart(leaf);
  const before = s.previousInLeaf.get(accountId, start, at, at, id);
  s.setPrefix.run(((before ? BigInt(before.leaf_prefix) : 0n) + units).toString(), id);
  shiftLaterRows(db, accountId, leaf, at, id, units);
  addToLeaves(db, accountId, new Map([[leaf, units]]));
}

/** Removes an entry's contribution; call in the same transaction that deletes the row. */
export function unindexEntry(db: Database.Database, accountId: number, id: number, at: number, units: bigint): void {
  const leaf = leafOf(at);
  shiftLaterRows(db, accountId, leaf, at, id, -units);
  addToLeaves(db, accountId, new Map([[leaf, -units]]));
}

function shiftLaterRows(
  db: Database.Database,
  accountId: number,
  leaf: number,
  at: number,
  id: number,
  delta: bigint,
): void {
  const s = statements(db);
  const end = leafStart(leaf) + LEAF_SECONDS;
  for (const row of s.shiftLater.all(accountId, end, at, at, id)) {
    s.setPrefix.run((BigInt(row.leaf_prefix) + delta).toString(), row.id);
  }
}

/** Recomputes leaf_prefix for every row of the given leaves (after a bulk insert into them). */
export function recomputeLeaves(db: Database.Database, accountId: number, leaves: Iterable<number>): void {
  const s = statements(db);
  for (const leaf of leaves) {
    const start = leafStart(leaf);
    let running = 0n;
    for (const row of s.leafRows.all(accountId, start, start + LEAF_SECONDS)) {
      running += BigInt(row.units);
      s.setPrefix.run(running.toString(), row.id);
    }
  }
}

/** Rebuilds the whole index from the entries (migration and repair). */
export function rebuildLedgerIndex(db: Database.Database): void {
  db.transaction(() => {
    rebuildAll(db);
  }).immediate();
}

function rebuildAll(db: Database.Database): void {
  db.exec('DELETE FROM ledger_fenwick');
  const accounts = db.prepare('SELECT DISTINCT account_id AS id FROM ledger_entries').all() as { id: number }[];
  const rows = db.prepare('SELECT at, units FROM ledger_entries WHERE account_id = ?');
  for (const { id } of accounts) {
    const deltas = new Map<number, bigint>();
    for (const row of rows.iterate(id) as Iterable<{ at: number; units: string }>) {
      const leaf = leafOf(row.at);
      deltas.set(leaf, (deltas.get(leaf) ?? 0n) + BigInt(row.units));
    }
    addToLeaves(db, id, deltas);
    recomputeLeaves(db, id, deltas.keys());
  }
}
