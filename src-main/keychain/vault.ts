// The API key's home: the OS keychain when one answers, otherwise a visible session-only mode.
// Never a plaintext file: when the keychain fails the key lives in memory until exit and the
// vault's status says why, so the window can tell the user (design brief point 5).
import { randomBytes } from 'node:crypto';
import { SessionKeyVault, type KeyVault, type KeyVaultStatus } from '../service/key-vault.ts';
import { loadNapiKeyringBackend, type KeychainBackend } from './backend.ts';
import { probeInChildProcess, type ProbeRequest } from './probe.ts';
import { toError, withTimeout } from './timeout.ts';

export const DEFAULT_SERVICE = 'account-monitor';
export const DEFAULT_ACCOUNT = 'api-key';
export const DEFAULT_TIMEOUT_MS = 5000;

export interface KeychainVaultOptions {
  /** Keychain service name; tests use their own so they never touch a real key. */
  service?: string;
  account?: string;
  /** Deadline for each keychain call. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface OpenKeyVaultOptions extends KeychainVaultOptions {
  /** A reason to skip the keychain altogether (e.g. turned off by configuration). */
  disabled?: string;
  /** Where the backend comes from; tests inject fakes. Default: @napi-rs/keyring. */
  loadBackend?: () => Promise<KeychainBackend>;
  /**
   * The start-up check. Default: with the real module, a child process (see probe.ts); with an
   * injected backend, the same write/read/delete through that backend in-process.
   */
  probe?: (request: ProbeRequest) => Promise<void>;
  platform?: NodeJS.Platform;
}

// The library's messages name the mechanism; say what it means for the user first.
const EXPLANATIONS: [RegExp, string][] = [
  [/DBUS_SESSION_BUS_ADDRESS|autolaunch/i, 'there is no D-Bus session bus'],
  [/Failed to connect to socket/i, 'the D-Bus session bus cannot be reached'],
  [/no result found|ServiceUnknown|org\.freedesktop\.secrets/i, 'no Secret Service answered (is GNOME Keyring or KWallet installed and unlocked?)'],
  [/prompt was dismissed/i, 'the keyring is locked and could not be unlocked'],
];

export function sessionReason(store: string, error: unknown): string {
  const detail = oneLine(toError(error).message);
  const meaning = EXPLANATIONS.find(([pattern]) => pattern.test(detail))?.[1];
  return `${store} is not available${meaning === undefined ? '' : `: ${meaning}`} (${detail}); the key is kept for this session only`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A KeyVault in the OS keychain that drops to session-only, visibly, if the keychain fails later. */
export class KeychainKeyVault implements KeyVault {
  readonly #backend: KeychainBackend;
  readonly #service: string;
  readonly #account: string;
  readonly #timeoutMs: number;
  readonly #log: (line: string) => void;
  #fallback: SessionKeyVault | undefined;
  /**
   * What the keychain holds, once read or written. Every app API request asks for the key; one
   * D-Bus round trip each (about 8 ms measured here) is waste, and fewer calls mean fewer chances
   * to meet a keychain that has stopped answering. Only this app writes this entry.
   */
  #cached: { key: string | undefined } | undefined;

  constructor(backend: KeychainBackend, options: KeychainVaultOptions = {}) {
    this.#backend = backend;
    this.#service = options.service ?? DEFAULT_SERVICE;
    this.#account = options.account ?? DEFAULT_ACCOUNT;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#log = options.log ?? (() => undefined);
  }

  status(): KeyVaultStatus {
    return this.#fallback?.status() ?? { mode: 'keychain', store: this.#backend.store };
  }

  async get(): Promise<string | undefined> {
    if (this.#fallback) return this.#fallback.get();
    if (this.#cached) return this.#cached.key;
    try {
      const key = await withTimeout('a read', this.#timeoutMs, (signal) => this.#backend.getPassword(this.#service, this.#account, signal));
      this.#cached = { key: key ?? undefined };
      return key ?? undefined;
    } catch (error: unknown) {
      return this.#degrade(error).get();
    }
  }

  async set(key: string): Promise<void> {
    if (this.#fallback) return this.#fallback.set(key);
    try {
      await withTimeout('a write', this.#timeoutMs, (signal) => this.#backend.setPassword(this.#service, this.#account, key, signal));
      this.#cached = { key };
    } catch (error: unknown) {
      // The user still gets a working app this session; status() now says why it won't last.
      await this.#degrade(error).set(key);
    }
  }

  async clear(): Promise<void> {
    if (this.#fallback) return this.#fallback.clear();
    try {
      await withTimeout('a delete', this.#timeoutMs, (signal) => this.#backend.deletePassword(this.#service, this.#account, signal));
      this.#cached = { key: undefined };
    } catch (error: unknown) {
      await this.#degrade(error).clear();
    }
  }

  #degrade(error: unknown): SessionKeyVault {
    const reason = sessionReason(this.#backend.store, error);
    this.#log(`keychain: ${reason}`);
    this.#fallback = new SessionKeyVault(reason);
    return this.#fallback;
  }
}

/**
 * Checks that the keychain really stores and returns a secret (write, read back, delete a probe
 * entry, each under the deadline) and returns a keychain vault; otherwise a SessionKeyVault whose
 * status carries a human reason. Never throws.
 */
export async function openKeyVault(options: OpenKeyVaultOptions = {}): Promise<KeyVault> {
  const log = options.log ?? (() => undefined);
  const fallBack = (reason: string): KeyVault => {
    log(`keychain: ${reason}`);
    return new SessionKeyVault(reason);
  };
  if (options.disabled !== undefined) return fallBack(options.disabled);

  let backend: KeychainBackend;
  try {
    backend = await (options.loadBackend ?? loadNapiKeyringBackend)();
  } catch (error: unknown) {
    return fallBack(`the keychain module could not be loaded (${oneLine(toError(error).message)}); the key is kept for this session only`);
  }

  const request: ProbeRequest = {
    service: options.service ?? DEFAULT_SERVICE,
    account: `${options.account ?? DEFAULT_ACCOUNT}.probe`,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    platform: options.platform ?? process.platform,
  };
  const probe = options.probe ?? (options.loadBackend ? (r: ProbeRequest) => probeInProcess(backend, r) : probeInChildProcess);
  try {
    await probe(request);
  } catch (error: unknown) {
    return fallBack(sessionReason(backend.store, error));
  }
  log(`keychain: using ${backend.store}`);
  return new KeychainKeyVault(backend, options);
}

/** Write, read back and delete a random secret through the backend, each under the deadline. */
export async function probeInProcess(backend: KeychainBackend, request: ProbeRequest): Promise<void> {
  const { service, account, timeoutMs } = request;
  const secret = randomBytes(12).toString('base64url');
  await withTimeout('a write', timeoutMs, (signal) => backend.setPassword(service, account, secret, signal));
  const back = await withTimeout('a read', timeoutMs, (signal) => backend.getPassword(service, account, signal));
  await withTimeout('a delete', timeoutMs, (signal) => backend.deletePassword(service, account, signal));
  if (back !== secret) throw new Error('it returned a different secret than the one stored');
}

/** ACCOUNT_MONITOR_KEYCHAIN=off keeps the key in memory only (shared machines, tests). */
export function keychainDisabledReason(env: NodeJS.ProcessEnv): string | undefined {
  return env.ACCOUNT_MONITOR_KEYCHAIN?.trim().toLowerCase() === 'off' ? 'the keychain is turned off (ACCOUNT_MONITOR_KEYCHAIN=off); the key is kept for this session only' : undefined;
}
