// The desktop app's key vault: the keychain's start-up check gets 5 s (the app must start), but
// on a desktop a locked keyring shows an unlock prompt, which a person may answer after that. So
// the check goes on waiting in the background: until it answers the keys are kept for this
// session (and the window says so); when it does, the vault switches to the keychain, moves the
// keys entered meanwhile into it, and says so.
import {
  KeychainKeyVault,
  KeychainTimeoutError,
  loadNapiKeyringBackend,
  openKeyVault,
  type KeychainBackend,
  type ProbeRequest,
} from '../keychain/index.ts';
import type { KeyVault, KeyVaultStatus } from '../service/key-vault.ts';
import { asError, messageOf } from '../../src-shared/message-of.ts';
import { probeInUtilityProcess } from './keychain-probe.ts';

export interface DesktopVaultOptions {
  log: (line: string) => void;
  /** Told once, in words, when the keychain answered late and the keys moved into it. */
  onSwitched: (message: string) => void;
  disabled?: string | undefined;
  /** How long start-up waits for the first check. */
  firstWaitMs?: number;
  /** How long the check may go on in the background (an unlock prompt left open). */
  backgroundWaitMs?: number;
  /** Stops a background wait (the app is quitting). */
  signal?: AbortSignal;
  loadBackend?: () => Promise<KeychainBackend>;
  probe?: (request: ProbeRequest) => Promise<void>;
}

export async function openDesktopVault(options: DesktopVaultOptions): Promise<KeyVault> {
  const firstWaitMs = options.firstWaitMs ?? 5000;
  let backend: KeychainBackend | undefined;
  let late: Promise<void> | undefined;
  const vault = await openKeyVault({
    log: options.log,
    disabled: options.disabled,
    timeoutMs: firstWaitMs,
    loadBackend: async () => (backend = await (options.loadBackend ?? loadNapiKeyringBackend)()),
    probe: (request) => {
      const check = (options.probe ?? probeInUtilityProcess)({
        ...request,
        timeoutMs: options.backgroundWaitMs ?? 30 * 60_000,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          late = check;
          reject(new KeychainTimeoutError('a first check', firstWaitMs));
        }, firstWaitMs);
        check.then(
          () => {
            clearTimeout(timer);
            resolve();
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(asError(error));
          },
        );
      });
    },
  });
  if (late === undefined || backend === undefined) return vault;
  const waiting = new WaitingKeyVault(vault);
  const store = backend;
  late.then(
    async () => {
      const moved = await waiting.switchTo(new KeychainKeyVault(store, { log: options.log, timeoutMs: firstWaitMs }));
      const message = `The keychain (${store.store}) answered: API keys are kept in it from now on${moved > 0 ? ` (${moved} entered meanwhile moved into it)` : ''}.`;
      options.log(`keychain: ${message}`);
      options.onSwitched(message);
    },
    (error: unknown) => {
      options.log(`keychain: still no answer (${messageOf(error)}); keys stay for this session only`);
    },
  );
  return waiting;
}

/** Session-only until the keychain answers, then the keychain, with what was set meanwhile. */
class WaitingKeyVault implements KeyVault {
  #current: KeyVault;
  #waiting = true;
  /** What was set (a key) or cleared (undefined) while waiting, to replay into the keychain. */
  readonly #meanwhile = new Map<string, string | undefined>();

  constructor(session: KeyVault) {
    this.#current = session;
  }

  async switchTo(keychain: KeyVault): Promise<number> {
    for (const [ref, key] of this.#meanwhile) {
      if (key === undefined) await keychain.clear(ref);
      else await keychain.set(ref, key);
    }
    this.#current = keychain;
    this.#waiting = false;
    return [...this.#meanwhile.values()].filter((key) => key !== undefined).length;
  }

  status(): KeyVaultStatus {
    const status = this.#current.status();
    return this.#waiting && status.mode === 'session'
      ? { ...status, reason: `${status.reason}; still waiting for it (an unlock prompt may be open)` }
      : status;
  }

  get(ref: string): Promise<string | undefined> {
    return this.#current.get(ref);
  }

  async set(ref: string, key: string): Promise<void> {
    if (this.#waiting) this.#meanwhile.set(ref, key);
    await this.#current.set(ref, key);
  }

  async clear(ref: string): Promise<void> {
    if (this.#waiting) this.#meanwhile.set(ref, undefined);
    await this.#current.clear(ref);
  }

  legacy(): Promise<string | undefined> {
    return this.#current.legacy();
  }

  clearLegacy(): Promise<void> {
    return this.#current.clearLegacy();
  }
}
