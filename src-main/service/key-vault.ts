// Where the main process keeps the API key the window works with. The key never reaches the
// renderer; routes ask the vault for it. The keychain-backed vault lives in src-main/keychain.
import type { VaultStatus } from '../../src-shared/app-api.ts';

/** What the window is told about where its key is kept (the contract's `VaultStatus`). */
export type KeyVaultStatus = VaultStatus;

export interface KeyVault {
  status(): KeyVaultStatus;
  get(): Promise<string | undefined>;
  set(key: string): Promise<void>;
  clear(): Promise<void>;
}

/** Keeps the key in memory only: the honest fallback when no keychain works. */
export class SessionKeyVault implements KeyVault {
  #key: string | undefined;
  readonly #reason: string;

  constructor(reason: string) {
    this.#reason = reason;
  }

  status(): KeyVaultStatus {
    return { mode: 'session', store: 'this session only', reason: this.#reason };
  }

  get(): Promise<string | undefined> {
    return Promise.resolve(this.#key);
  }

  set(key: string): Promise<void> {
    this.#key = key;
    return Promise.resolve();
  }

  clear(): Promise<void> {
    this.#key = undefined;
    return Promise.resolve();
  }
}

/**
 * A vault still being opened (probing a keychain can take a while): the service starts at once
 * and calls that need the key wait for the probe.
 */
export class PendingKeyVault implements KeyVault {
  #vault: KeyVault | undefined;
  readonly #ready: Promise<KeyVault>;

  constructor(opening: Promise<KeyVault>) {
    this.#ready = opening.then((vault) => {
      this.#vault = vault;
      return vault;
    });
  }

  ready(): Promise<KeyVault> {
    return this.#ready;
  }

  status(): KeyVaultStatus {
    return this.#vault?.status() ?? { mode: 'session', store: 'checking the keychain', reason: 'the keychain is still being checked' };
  }

  async get(): Promise<string | undefined> {
    return (await this.#ready).get();
  }

  async set(key: string): Promise<void> {
    await (await this.#ready).set(key);
  }

  async clear(): Promise<void> {
    await (await this.#ready).clear();
  }
}
