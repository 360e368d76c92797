// The ledger's rows as the store takes and gives them: the types ledger-store.ts and
// ledger-bulk.ts share (a module of their own, so neither imports the other for them).
import type { EntryKind } from '../../src-shared/vocabulary.ts';

export type { EntryKind };

export interface NewEntry {
  at: number;
  kind: EntryKind;
  /** The amount as written (canonical decimal, pence). */
  amount: string;
  /** Signed effect on the balance, 1e-10 pence. */
  units: bigint;
  note: string;
}

/** Which entries a page lists: all of them, those of one kind, those whose note contains `text`. */
export interface EntryFilter {
  kind?: EntryKind | undefined;
  text?: string | undefined;
}

/** A place in the ledger's order (time, then id): a page of pageAfter starts after it. */
export interface LedgerCursor {
  at: number;
  id: number;
}

/** Where an account's ledger ended before an import: its latest instant, and the highest id then. */
export interface LedgerMark {
  lastId: number;
  lastAt: number;
}

export interface StoredEntry {
  id: number;
  at: number;
  kind: EntryKind;
  amount: string;
  units: bigint;
  note: string;
}
