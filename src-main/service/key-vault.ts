// Where the main process keeps the API keys the window works with: one entry per account, named
// by the account's vault reference. Keys never reach the renderer; routes ask the vault for them.
// The keychain-backed vault lives in src-main/keychain.
import type { VaultStatus } from '../../src-shared/app-api.ts';

/** What the window is told about where its keys are kept (the contract's `VaultStatus`). */
export type KeyVaultStatus = VaultStatus;

export interface KeyVault {
  status(): KeyVaultStatus;
  /** The key kept for an account (by its vault reference), if any. */
  get(ref: string): Promise<string | undefined>;
  set(ref: string, key: string): Promise<void>;
  clear(ref: string): Promise<void>;
  /** The one key of the single-key era (before accounts had entries of their own), if still kept. */
  legacy(): Promise<string | undefined>;
  clearLegacy(): Promise<void>;
}

/** Keeps keys in memory only: the honest fallback when no keychain works. */
export class SessionKeyVault implements KeyVault {
  readonly #keys: Map<string, string>;
  readonly #reason: string;

  /** `keys`: what a keychain that stopped answering had already given (kept for the session). */
  constructor(reason: string, keys: ReadonlyMap<string, string> = new Map()) {
    this.#reason = reason;
    this.#keys = new Map(keys);
  }

  status(): KeyVaultStatus {
    return { mode: 'session', store: 'this session only', reason: this.#reason };
  }

  get(ref: string): Promise<string | undefined> {
    return Promise.resolve(this.#keys.get(ref));
  }

  set(ref: string, key: string): Promise<void> {
    this.#keys.set(ref, key);
    return Promise.resolve();
  }

  clear(ref: string): Promise<void> {
    this.#keys.delete(ref);
    return Promise.resolve();
  }

  legacy(): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }

  clearLegacy(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * A vault still being opened (probing a keychain can take a while): the service starts at once
 * and calls that need a key wait for the probe. `wake`, when given, is called by the first use
 * that needs the vault (the window asking for its status or a key) so that a probe held back
 * until then starts at once; the one-time legacy move does not count (it can wait).
 */
export class PendingKeyVault implements KeyVault {
  #vault: KeyVault | undefined;
  readonly #ready: Promise<KeyVault>;
  readonly #wake: () => void;

  constructor(opening: Promise<KeyVault>, wake: () => void = () => undefined) {
    this.#wake = wake;
    this.#ready = opening.then((vault) => {
      this.#vault = vault;
      return vault;
    });
  }

  ready(): Promise<KeyVault> {
    return this.#ready;
  }

  status(): KeyVaultStatus {
    this.#wake();
    return (
      this.#vault?.status() ?? {
        mode: 'session',
        store: 'checking the keychain',
        reason: 'the keychain is still being checked',
      }
    );
  }

  async get(ref: string): Promise<string | undefined> {
    this.#wake();
    return (await this.#ready).get(ref);
  }

  async set(ref: string, key: string): Promise<void> {
    this.#wake();
    await (await this.#ready).set(ref, key);
  }

  async clear(ref: string): Promise<void> {
    this.#wake();
    await (await this.#ready).clear(ref);
  }

  async legacy(): Promise<string | undefined> {
    return (await this.#ready).legacy();
  }

  async clearLegacy(): Promise<void> {
    await (await this.#ready).clearLegacy();
  }
}
