// The accounts the window holds, decided once: an account whose key the app keeps (the keychain,
// or memory for this session when there is no keychain), or whose key it holds for this session
// only because the data folder cannot be written (its "kept" flag could not be stored). The app
// API shows these accounts, and the monitor (so the tray and every channel) watches them, so the
// two can never disagree about which accounts there are.
import type { AccountOverview, Accounts } from './accounts.ts';

/** Where the keys are (the service's KeyVault): only reading is needed here. */
export interface KeyLookup {
  get(ref: string): Promise<string | undefined>;
}

export interface HeldAccount {
  overview: AccountOverview;
  key: string;
}

export class HeldAccounts {
  readonly #accounts: Accounts;
  readonly #keys: KeyLookup;
  readonly #ready: Promise<void>;
  readonly #sessionOnly = new Set<number>();

  /** `ready`: settles once the key of the single-key era, if any, has moved to its account. */
  constructor(accounts: Accounts, keys: KeyLookup, ready: Promise<void> = Promise.resolve()) {
    this.#accounts = accounts;
    this.#keys = keys;
    this.#ready = ready;
  }

  /** The window holds this account for this session although its "kept" flag could not be stored (read-only data). */
  holdForSession(accountId: number): void {
    this.#sessionOnly.add(accountId);
  }

  /** The rule itself, on what the store says; `key()` then finds the key. */
  holds(overview: AccountOverview): boolean {
    return overview.keyKept || this.#sessionOnly.has(overview.id);
  }

  /** The key of an account the window holds; undefined when it does not hold it (or its key is gone). */
  async key(overview: AccountOverview): Promise<string | undefined> {
    await this.#ready;
    return this.holds(overview) ? this.#keys.get(overview.vaultRef) : undefined;
  }

  /** Every account this app keeps that the window does not hold (or whose key is gone), oldest first. */
  async waiting(): Promise<AccountOverview[]> {
    await this.#ready;
    const waiting: AccountOverview[] = [];
    for (const overview of this.#accounts.list()) if ((await this.key(overview)) === undefined) waiting.push(overview);
    return waiting;
  }

  /** Every account the window holds, with its key, oldest first. */
  async list(): Promise<HeldAccount[]> {
    await this.#ready;
    const held: HeldAccount[] = [];
    for (const overview of this.#accounts.list()) {
      const key = await this.key(overview);
      if (key !== undefined) held.push({ overview, key });
    }
    return held;
  }
}
