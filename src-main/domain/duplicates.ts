// Importing a file whose rows are already in the ledger (the same bank export twice, or an export
// of this app read back): a row is a duplicate when the ledger had, before the import, a row with
// the same instant, kind, amount and note that no earlier row of the file has matched. Two equal
// rows in a file against one in the ledger: one duplicate, one new row (two real charges of the
// same second stay two). The user chooses: `ask` (the default: if any is found, nothing is
// imported and the counts are said), `skip` them, or `import` them anyway. A recurring charge's
// row (an export of this app read back) is a duplicate of a charge the account has with the same
// start, period, amount, end and note, each matched once.
import type { LedgerMark, NewEntry, NewRecurring } from '../store/index.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import type { RecurringStore } from '../store/recurring-store.ts';
import { DomainError } from './errors.ts';
import type { DuplicatePolicy } from '../../src-shared/vocabulary.ts';

export type { DuplicatePolicy };

/** What an import did: the rows written, and the duplicates left out (under `skip`). */
export interface ImportOutcome {
  /** Rows written: entries and recurring charges. */
  imported: number;
  skipped: number;
  /** How many of the rows written were recurring charges. */
  recurring: number;
}

/** A charge's fields as one text, for matching. */
function chargeKey(c: NewRecurring): string {
  return `${c.startsAt}\t${c.every}\t${c.amount}\t${String(c.endsAt)}\t${c.note}`;
}

export class DuplicateCheck {
  readonly #ledger: LedgerStore;
  readonly #accountId: number;
  readonly #policy: DuplicatePolicy;
  /** Read at the first row, inside the import's transaction; null: the ledger was empty. */
  #mark: LedgerMark | null | undefined;
  /** Rows of the ledger already matched by a row of the file, by their fields. */
  readonly #matched = new Map<string, number>();
  #rows = 0;
  #duplicates = 0;

  readonly #recurring: RecurringStore;
  /** The account's charges not yet matched by a row of the file, read at the first charge's row. */
  #charges: string[] | undefined;

  constructor(ledger: LedgerStore, recurring: RecurringStore, accountId: number, policy: DuplicatePolicy) {
    this.#ledger = ledger;
    this.#recurring = recurring;
    this.#accountId = accountId;
    this.#policy = policy;
  }

  /** Whether a recurring charge's row is to be written. */
  keepRecurring(charge: NewRecurring): boolean {
    this.#rows += 1;
    if (this.#policy === 'import') return true;
    this.#charges ??= this.#recurring.list(this.#accountId).map(chargeKey);
    const at = this.#charges.indexOf(chargeKey(charge));
    if (at === -1) return true;
    this.#charges.splice(at, 1);
    this.#duplicates += 1;
    return false;
  }

  /** Whether the row is to be written. */
  keep(entry: NewEntry): boolean {
    this.#rows += 1;
    if (this.#policy === 'import' || !this.#isDuplicate(entry)) return true;
    this.#duplicates += 1;
    return false;
  }

  #isDuplicate(entry: NewEntry): boolean {
    const mark = this.#mark === undefined ? (this.#mark = this.#ledger.mark(this.#accountId) ?? null) : this.#mark;
    // Rows after the ledger's last instant cannot match: appending new months costs no lookup.
    if (mark === null || entry.at > mark.lastAt) return false;
    const same = this.#ledger.sameCount(this.#accountId, entry, mark);
    if (same === 0) return false;
    const key = `${entry.at}\t${entry.kind}\t${entry.amount}\t${entry.note}`;
    const used = this.#matched.get(key) ?? 0;
    if (used >= same) return false;
    this.#matched.set(key, used + 1);
    return true;
  }

  /**
   * Called once the file is read, inside the import's transaction: under `ask`, refuses the
   * import (so it is rolled back) when duplicates were found.
   */
  refuseIfAsked(): void {
    if (this.#policy !== 'ask' || this.#duplicates === 0) return;
    const d = this.#duplicates;
    const rows = this.#rows;
    const them = d === 1 ? 'it' : 'them';
    throw new DomainError(
      'duplicates',
      `${d} of the file's ${rows} row${rows === 1 ? '' : 's'} ${d === 1 ? 'is' : 'are'} already in the ledger (same date, kind, amount and note), so nothing was imported; import again choosing to skip ${them} or to import ${them} anyway`,
      undefined,
      { found: d, rows },
    );
  }

  /** What the import did, from the number of entries and charges written. */
  outcome(entries: number, charges: number): ImportOutcome {
    return { imported: entries + charges, skipped: this.#duplicates, recurring: charges };
  }

  /** The batches of a stream without the duplicates; refuses at the end under `ask`. */
  async *filter(batches: AsyncIterable<readonly NewEntry[]>): AsyncGenerator<NewEntry[]> {
    for await (const batch of batches) yield batch.filter((e) => this.keep(e));
    this.refuseIfAsked();
  }
}
