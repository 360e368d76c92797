// The domain's one entry point for the service and the CLI: accounts and keys, the ledger,
// recurring charges, settings and balances. No HTTP here and no SQL (that is the store's).
import { quote } from '../../src-shared/quote.ts';
import { resolve, type Resolution } from '../dates/index.ts';
import { formatRational, fromUnits, type Rational, sub } from '../../src-shared/money/decimal.ts';
import type { Store, StoredEntry, StoredRecurring } from '../store/index.ts';
import { totalAccrued } from './accrual.ts';
import { parseLedgerCsv } from './csv-import.ts';
import { DomainError, type DomainErrorCode } from './errors.ts';
import { checkUserKey, generateKey, hashKey, keyHint } from './keys.ts';
import { makeEntry, makeRecurring } from './ledger.ts';
import { applySettingsEdit, settingsFromRow, type NotificationSettings, type SettingsEdit } from './settings.ts';

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

  constructor(options: DomainOptions) {
    this.store = options.store;
    this.timeZone = options.timeZone;
    this.#clock = options.clock;
  }

  nowSeconds(): number {
    return Math.floor(this.#clock() / 1000);
  }

  /** How a free-form phrase is read now; not understood means now (spec 4.1 rule 3). */
  resolve(text: string | undefined): Resolution {
    return resolve(text, { now: this.#clock(), timeZone: this.timeZone });
  }

  /** A phrase that must be understood (a ledger date): a typo is an error, never "now". */
  instant(phrase: unknown, what: string, code: DomainErrorCode): number {
    if (typeof phrase === 'number' && Number.isInteger(phrase)) return phrase;
    const text = typeof phrase === 'string' ? phrase : '';
    const r = this.resolve(text);
    if (!r.understood) throw new DomainError(code, `${what}: ${quote(text)} is not a date or time this app understands`);
    return r.epochSeconds;
  }

  // Accounts and keys

  /** The account a key identifies. Unknown and revoked keys are refused identically. */
  authenticate(key: string | undefined): number {
    if (key === undefined || key === '') throw new DomainError('missing_key', 'the key argument is required');
    const found = this.store.accounts.findKey(hashKey(key));
    if (!found || found.revoked) throw new DomainError('invalid_key', 'the key is not valid');
    return found.accountId;
  }

  createAccount(name: string, key?: string): { accountId: number; key: string } {
    const trimmed = name.trim();
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    if (trimmed === '' || trimmed.length > 200 || /[\x00-\x1f\x7f]/.test(trimmed)) {
      throw new DomainError('invalid_account', 'an account name is 1 to 200 printable characters');
    }
    const k = key === undefined ? generateKey() : checkUserKey(key);
    const hash = hashKey(k);
    if (this.store.accounts.findKey(hash)) throw new DomainError('conflict', 'that key is already registered (or was revoked)');
    const accountId = this.store.accounts.create(trimmed, hash, keyHint(k), this.nowSeconds());
    return { accountId, key: k };
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
      throw new DomainError('managed_by_provider', 'this account is connected to your provider, which keeps its ledger and settings; change them with your provider');
    }
    return accountId;
  }

  // Balance

  /** Exact balance at instant t (epoch seconds): entries at or before t minus accrual up to t. */
  balanceAt(accountId: number, t: number): Rational {
    const entries = fromUnits(this.store.ledger.sumUpTo(accountId, t));
    return sub(entries, totalAccrued(this.store.recurring.list(accountId), t, this.timeZone));
  }

  /** The balance printed as the spec's decimal in pence. */
  balanceText(accountId: number, t: number): string {
    return formatRational(this.balanceAt(accountId, t));
  }

  // Ledger

  addEntry(accountId: number, input: { at: unknown; amount: unknown; kind?: unknown; note?: unknown }): StoredEntry {
    this.#local(accountId);
    const at = this.instant(input.at, 'the date', 'invalid_entry');
    return this.store.ledger.add(accountId, makeEntry(at, input.amount, input.kind, input.note));
  }

  /** All or nothing: every line is checked first, then written in one transaction. */
  importCsv(accountId: number, text: string, onProgress?: (done: number, total: number) => void): number {
    this.#local(accountId);
    const entries = parseLedgerCsv(text, (phrase) => this.instant(phrase, 'the date', 'bad_csv'));
    return this.store.ledger.addMany(accountId, entries, onProgress && ((done) => { onProgress(done, entries.length); }));
  }

  listEntries(accountId: number, limit: number, offset: number): { entries: StoredEntry[]; total: number } {
    this.#local(accountId);
    return { entries: this.store.ledger.page(accountId, limit, offset), total: this.store.ledger.count(accountId) };
  }

  removeEntry(accountId: number, id: number): void {
    if (!this.store.ledger.remove(this.#local(accountId), id)) throw new DomainError('not_found', `no ledger entry ${id}`);
  }

  // Recurring charges

  addRecurring(accountId: number, input: { amount: unknown; every: unknown; from: unknown; until?: unknown; note?: unknown }): StoredRecurring {
    this.#local(accountId);
    const from = this.instant(input.from, 'the start', 'invalid_recurring');
    const until = input.until === undefined || input.until === null || input.until === ''
      ? null
      : this.instant(input.until, 'the end', 'invalid_recurring');
    return this.store.recurring.add(accountId, makeRecurring(input.amount, input.every, from, until, input.note));
  }

  listRecurring(accountId: number): StoredRecurring[] {
    return this.store.recurring.list(this.#local(accountId));
  }

  removeRecurring(accountId: number, id: number): void {
    if (!this.store.recurring.remove(this.#local(accountId), id)) throw new DomainError('not_found', `no recurring charge ${id}`);
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
