// The domain's one entry point for the service and the CLI: accounts and keys, the ledger,
// recurring charges, settings and balances. No HTTP here and no SQL (that is the store's).
import { quote } from '../../src-shared/quote.ts';
import { formatLocal, resolve, type DateOrder, type Resolution } from '../dates/index.ts';
import { formatUnits, fromUnits, type Rational } from '../../src-shared/money/decimal.ts';
import type {
  EntryFilter,
  LedgerCursor,
  NewEntry,
  NewRecurring,
  Store,
  StoredEntry,
  StoredRecurring,
} from '../store/index.ts';
import { GenerationCache } from '../store/generation-cache.ts';
import { checkAccountName } from './account-name.ts';
import { balanceUnits } from './accrual.ts';
import { DuplicateCheck, type DuplicatePolicy, type ImportOutcome } from './duplicates.ts';
import { DomainError, type DomainErrorCode } from './errors.ts';
import { checkUserKey, generateKey, hashKey, keyHint } from './keys.ts';
import { makeEntry, makeRecurring } from './ledger.ts';
import { applySettingsEdit, settingsFromRow, type NotificationSettings, type SettingsEdit } from './settings.ts';

/** How an import reads its file: slashed dates' order, rows already in the ledger, progress. */
/**
 * The CSV reader (csv-parse and the importer), loaded on the first import: a service that never
 * imports does not hold it.
 */
let csvReader: Promise<typeof import('./csv-import.ts')> | undefined;
function csvImport(): Promise<typeof import('./csv-import.ts')> {
  csvReader ??= import('./csv-import.ts');
  return csvReader;
}

export interface ImportOptions {
  dateOrder?: DateOrder | undefined;
  duplicates?: DuplicatePolicy | undefined;
  onProgress?: ((done: number) => void) | undefined;
}

export interface DomainOptions {
  store: Store;
  /** IANA zone in which phrases are read and periods are cut. */
  timeZone: string;
  /** Current instant, epoch milliseconds. */
  clock: () => number;
}

export class AccountDomain {
  readonly store: Store;
  readonly timeZone: string;
  readonly #clock: () => number;
  /**
   * Live keys and their accounts while the database is unchanged (a revocation is a write, so
   * it is seen at once): a script polling with its key pays the SHA-256 and the lookup once.
   * Refused keys are not kept, so made-up keys cannot fill it.
   */
  readonly #keys: GenerationCache<number>;

  constructor(options: DomainOptions) {
    this.store = options.store;
    this.timeZone = options.timeZone;
    this.#clock = options.clock;
    this.#keys = new GenerationCache(() => options.store.generation());
  }

  nowSeconds(): number {
    return Math.floor(this.#clock() / 1000);
  }

  /**
   * How a free-form phrase is read now; not understood means now (spec 4.1 rule 3). `dateOrder`
   * reads slashed dates day first ("dmy"); the spec endpoints always use PHP's "mdy".
   */
  resolve(text: string | undefined, dateOrder: DateOrder = 'mdy'): Resolution {
    return resolve(text, { now: this.#clock(), timeZone: this.timeZone, dateOrder });
  }

  /** A phrase that must be understood (a ledger date): a typo is an error, never "now". */
  instant(phrase: unknown, what: string, code: DomainErrorCode, dateOrder: DateOrder = 'mdy'): number {
    if (typeof phrase === 'number' && Number.isInteger(phrase)) return phrase;
    const text = typeof phrase === 'string' ? phrase : '';
    const r = this.resolve(text, dateOrder);
    if (!r.understood)
      throw new DomainError(code, `${what}: ${quote(text)} is not a date or time this app understands`);
    return r.epochSeconds;
  }

  // Accounts and keys

  /** The account a key identifies. Unknown and revoked keys are refused identically. */
  authenticate(key: string | undefined): number {
    if (key === undefined || key === '') throw new DomainError('missing_key', 'the key argument is required');
    return this.#keys.get(key, () => {
      const found = this.store.accounts.findKey(hashKey(key));
      if (!found || found.revoked) throw new DomainError('invalid_key', 'the key is not valid');
      return found.accountId;
    });
  }

  createAccount(name: string, key?: string): { accountId: number; key: string } {
    const trimmed = checkAccountName(name);
    const k = key === undefined ? generateKey() : checkUserKey(key);
    const hash = hashKey(k);
    if (this.store.accounts.findKey(hash))
      throw new DomainError('key_in_use', 'that key is already registered (or was revoked)');
    const accountId = this.store.accounts.create(trimmed, hash, keyHint(k), this.nowSeconds());
    return { accountId, key: k };
  }

  /**
   * A new local account whose ledger starts at `openingBalance` pence (an adjustment named
   * "Opening balance" at its creation), all or nothing: a bad amount creates no account.
   */
  openAccount(name: string, openingBalance?: unknown): { accountId: number; key: string } {
    const opening =
      openingBalance === undefined
        ? undefined
        : makeEntry(this.nowSeconds(), openingBalance, 'adjustment', 'Opening balance');
    return this.store.transaction(() => {
      const created = this.createAccount(name);
      if (opening !== undefined) this.store.ledger.add(created.accountId, opening);
      return created;
    });
  }

  revokeKey(key: string): boolean {
    return this.store.accounts.revokeKey(hashKey(key), this.nowSeconds());
  }

  accountName(accountId: number): string | undefined {
    return this.store.accounts.account(accountId)?.name;
  }

  /** The ledger and settings of a connected account live at its provider: refused here. */
  #local(accountId: number): number {
    if (this.store.accounts.account(accountId)?.kind === 'remote') {
      throw new DomainError(
        'managed_by_provider',
        'this account is connected to your provider, which keeps its ledger and settings; change them with your provider',
      );
    }
    return accountId;
  }

  // Balance

  /**
   * Balance at instant t (epoch seconds) in units of 1e-10 pence: entries at or before t minus
   * accrual up to t, rounded half to even to the tenth decimal place the spec prints.
   */
  balanceUnitsAt(accountId: number, t: number): bigint {
    return balanceUnits(
      this.store.ledger.sumUpTo(accountId, t),
      this.store.recurring.list(accountId),
      t,
      this.timeZone,
    );
  }

  /** The balance at t as a rational (exact to the tenth decimal place of a penny). */
  balanceAt(accountId: number, t: number): Rational {
    return fromUnits(this.balanceUnitsAt(accountId, t));
  }

  /** The balance printed as the spec's decimal in pence. */
  balanceText(accountId: number, t: number): string {
    return formatUnits(this.balanceUnitsAt(accountId, t));
  }

  // Ledger

  addEntry(
    accountId: number,
    input: { at: unknown; amount: unknown; kind?: unknown; note?: unknown },
    dateOrder: DateOrder = 'mdy',
  ): StoredEntry {
    this.#local(accountId);
    const at = this.instant(input.at, 'the date', 'invalid_entry', dateOrder);
    return this.store.ledger.add(accountId, makeEntry(at, input.amount, input.kind, input.note));
  }

  /** Entry `id` changed to `input` (all its fields), keeping its id. */
  editEntry(
    accountId: number,
    id: number,
    input: { at: unknown; amount: unknown; kind?: unknown; note?: unknown },
    dateOrder: DateOrder = 'mdy',
  ): StoredEntry {
    this.#local(accountId);
    const at = this.instant(input.at, 'the date', 'invalid_entry', dateOrder);
    const edited = this.store.ledger.replace(accountId, id, makeEntry(at, input.amount, input.kind, input.note));
    if (edited === undefined) throw new DomainError('not_found', `no ledger entry ${id}`);
    return edited;
  }

  /**
   * All or nothing: the lines are checked and written one by one inside one transaction, and the
   * first bad line (named) rolls it back; rows already in the ledger are dealt with as `duplicates`
   * says (duplicates.ts). The reader loaded, the write is synchronous: nothing else runs on the
   * connection meanwhile.
   */
  async importCsv(accountId: number, text: string, options: ImportOptions = {}): Promise<ImportOutcome> {
    this.#local(accountId);
    const { eachLedgerCsvEntry } = await csvImport();
    const resolveAt = this.#csvDates(options.dateOrder);
    const check = new DuplicateCheck(this.store.ledger, this.store.recurring, accountId, options.duplicates ?? 'ask');
    const charges: NewRecurring[] = [];
    const written = this.store.ledger.addEach(
      accountId,
      (add) => {
        eachLedgerCsvEntry(
          text,
          resolveAt,
          (e) => {
            if (check.keep(e)) add(e);
          },
          (r) => {
            if (check.keepRecurring(r)) charges.push(r);
          },
        );
        check.refuseIfAsked();
        this.#addCharges(accountId, charges);
      },
      options.onProgress,
    );
    return check.outcome(written, charges.length);
  }

  /** The batches, then the charges written once the last is taken: still inside the stream's transaction. */
  async *#thenCharges(
    accountId: number,
    batches: AsyncIterable<NewEntry[]>,
    charges: readonly NewRecurring[],
  ): AsyncGenerator<NewEntry[]> {
    yield* batches;
    this.#addCharges(accountId, charges);
  }

  /** Writes an import's recurring charges: called inside its transaction, after its entries. */
  #addCharges(accountId: number, charges: readonly NewRecurring[]): void {
    for (const r of charges) this.store.recurring.add(accountId, r);
  }

  /**
   * The same from a stream of chunks, in flat memory whatever the file's size. The transaction
   * stays open across the stream's awaits: only for a connection with no other user meanwhile
   * (the CLI's; a server would run it on a worker's own connection), see LedgerStore.addStream.
   */
  async importCsvStream(
    accountId: number,
    chunks: AsyncIterable<string | Uint8Array>,
    options: ImportOptions = {},
  ): Promise<ImportOutcome> {
    this.#local(accountId);
    const { ledgerCsvEntries } = await csvImport();
    const check = new DuplicateCheck(this.store.ledger, this.store.recurring, accountId, options.duplicates ?? 'ask');
    const charges: NewRecurring[] = [];
    const entries = check.filter(
      ledgerCsvEntries(chunks, this.#csvDates(options.dateOrder), (r) => {
        if (check.keepRecurring(r)) charges.push(r);
      }),
    );
    const written = await this.store.ledger.addStream(
      accountId,
      this.#thenCharges(accountId, entries, charges),
      options.onProgress,
    );
    return check.outcome(written, charges.length);
  }

  #csvDates(dateOrder: DateOrder = 'mdy'): (phrase: string) => number {
    return (phrase) => this.instant(phrase, 'the date', 'bad_csv', dateOrder);
  }

  /** A page of the ledger, newest first, and how many entries the filter lets through. */
  listEntries(
    accountId: number,
    limit: number,
    offset: number,
    filter: EntryFilter = {},
  ): { entries: StoredEntry[]; total: number } {
    this.#local(accountId);
    return {
      entries: this.store.ledger.page(accountId, limit, offset, filter),
      total: this.store.ledger.count(accountId, filter),
    };
  }

  /** Oldest first, up to `limit` entries after `after` that the filter lets through (see LedgerStore.pageAfter). */
  entriesAfter(
    accountId: number,
    after: LedgerCursor | undefined,
    limit: number,
    filter: EntryFilter = {},
  ): StoredEntry[] {
    return this.store.ledger.pageAfter(this.#local(accountId), after, limit, filter);
  }

  removeEntry(accountId: number, id: number): void {
    if (!this.store.ledger.remove(this.#local(accountId), id))
      throw new DomainError('not_found', `no ledger entry ${id}`);
  }

  // Recurring charges

  addRecurring(
    accountId: number,
    input: { amount: unknown; every: unknown; from: unknown; until?: unknown; note?: unknown },
    dateOrder: DateOrder = 'mdy',
  ): StoredRecurring {
    this.#local(accountId);
    const from = this.instant(input.from, 'the start', 'invalid_recurring', dateOrder);
    const until =
      input.until === undefined || input.until === null || input.until === ''
        ? null
        : this.instant(input.until, 'the end', 'invalid_recurring', dateOrder);
    return this.store.recurring.add(accountId, makeRecurring(input.amount, input.every, from, until, input.note));
  }

  listRecurring(accountId: number): StoredRecurring[] {
    return this.store.recurring.list(this.#local(accountId));
  }

  /**
   * Stops a charge from `at` on. Balances already past stay as they were, so the end cannot be
   * earlier than now (deleting the charge is what rewrites the past), nor at or before its start.
   */
  endRecurring(accountId: number, id: number, at: unknown, dateOrder: DateOrder = 'mdy'): StoredRecurring {
    const charge = this.listRecurring(accountId).find((r) => r.id === id);
    if (charge === undefined) throw new DomainError('not_found', `no recurring charge ${id}`);
    const end = this.instant(at, 'the end', 'invalid_recurring', dateOrder);
    const now = this.nowSeconds();
    const when = (t: number): string => formatLocal(t, this.timeZone);
    if (charge.endsAt !== null && charge.endsAt <= now)
      throw new DomainError('invalid_recurring', `this charge already ended on ${when(charge.endsAt)}`);
    if (end < now)
      throw new DomainError(
        'invalid_recurring',
        `the end ${when(end)} is in the past: balances already worked out would change (delete the charge to remove it from the past too)`,
      );
    if (end <= charge.startsAt)
      throw new DomainError(
        'invalid_recurring',
        `the charge starts on ${when(charge.startsAt)}, after that end; delete it instead if it should never run`,
      );
    this.store.recurring.setEnd(accountId, id, end);
    return { ...charge, endsAt: end };
  }

  removeRecurring(accountId: number, id: number): void {
    if (!this.store.recurring.remove(this.#local(accountId), id))
      throw new DomainError('not_found', `no recurring charge ${id}`);
  }

  // Settings

  settings(accountId: number): NotificationSettings {
    return settingsFromRow(this.store.settings.get(accountId));
  }

  updateSettings(accountId: number, edit: SettingsEdit): NotificationSettings {
    const next = applySettingsEdit(this.settings(this.#local(accountId)), edit);
    this.store.settings.put(accountId, next);
    return next;
  }
}
