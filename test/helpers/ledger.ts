// What the ledger tests compare against: an entry of a time and an amount, and the plain sum of
// an account's rows read straight from SQLite (no index, no memory), which every faster way of
// answering a balance must equal.
import type { NewEntry, Store } from '../../src-main/store/index.ts';

export function entry(at: number, units: bigint): NewEntry {
  return { at, kind: 'adjustment', amount: String(units), units, note: '' };
}

/** The exact sum of `account`'s entries at or before `t`, row by row. */
export function plainSumUpTo(store: Store, account: number, t: number): bigint {
  const rows = store.db
    .prepare('SELECT units FROM ledger_entries WHERE account_id = ? AND at <= ?')
    .all(account, t) as { units: string }[];
  return rows.reduce((sum, r) => sum + BigInt(r.units), 0n);
}
