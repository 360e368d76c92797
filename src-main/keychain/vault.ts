// The API keys' home: the OS keychain when one answers, otherwise a visible session-only mode.
// One entry per account (`account:<vault reference>`); the single entry of the single-key era
// (`api-key`) is read once and moved to its account by the app. Never a plaintext file: when the
// keychain fails the keys live in memory until exit and the vault's status says why, so the
// window can tell the user (design brief point 5).
import { randomBytes } from 'node:crypto';
import { SessionKeyVault, type KeyVault, type KeyVaultStatus } from '../service/key-vault.ts';
import { loadNapiKeyringBackend, type KeychainBackend } from './backend.ts';
import { probeInChildProcess, type ProbeRequest } from './probe.ts';
import { toError, withTimeout } from './timeout.ts';

export const DEFAULT_SERVICE = 'account-monitor';
/** The entry of the single-key era; also the probe entry's prefix. */
export const DEFAULT_ACCOUNT = 'api-key';

/** The keychain entry of an account's key. */
export function entryName(ref: string): string {
  return `account:${ref}`;
}
export const DEFAULT_TIMEOUT_MS = 5000;

export interface KeychainVaultOptions {
  /** Keychain service name; tests use their own so they never touch a real key. */
  service?: string;
  /** The entry of the single-key era (moved to its account on first start). */
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
  [
    /no result found|ServiceUnknown|org\.freedesktop\.secrets/i,
    'no Secret Service answered (is GNOME Keyring or KWallet installed and unlocked?)',
  ],
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
  readonly #legacyAccount: string;
  readonly #timeoutMs: number;
  readonly #log: (line: string) => void;
  #fallback: SessionKeyVault | undefined;
  /**
   * What the keychain holds, by entry, once read or written. Every app API request asks for a
   * key; one D-Bus round trip each (about 8 ms measured here) is waste, and fewer calls mean fewer
   * chances to meet a keychain that has stopped answering. Only this app writes these entries.
   */
  readonly #cached = new Map<string, string | undefined>();

  constructor(backend: KeychainBackend, options: KeychainVaultOptions = {}) {
    this.#backend = backend;
    this.#service = options.service ?? DEFAULT_SERVICE;
    this.#legacyAccount = options.account ?? DEFAULT_ACCOUNT;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#log = options.log ?? (() => undefined);
  }

  status(): KeyVaultStatus {
    return this.#fallback?.status() ?? { mode: 'keychain', store: this.#backend.store };
  }

  get(ref: string): Promise<string | undefined> {
    return this.#read(entryName(ref), (fallback) => fallback.get(ref));
  }

  set(ref: string, key: string): Promise<void> {
    return this.#write(entryName(ref), key, (fallback) => fallback.set(ref, key));
  }

  clear(ref: string): Promise<void> {
    return this.#write(entryName(ref), undefined, (fallback) => fallback.clear(ref));
  }

  legacy(): Promise<string | undefined> {
    return this.#read(this.#legacyAccount, () => Promise.resolve(undefined));
  }

  clearLegacy(): Promise<void> {
    return this.#write(this.#legacyAccount, undefined, () => Promise.resolve());
  }

  async #read(
    entry: string,
    fallback: (vault: SessionKeyVault) => Promise<string | undefined>,
  ): Promise<string | undefined> {
    if (this.#fallback) return fallback(this.#fallback);
    if (this.#cached.has(entry)) return this.#cached.get(entry);
    try {
      const key = await withTimeout('a read', this.#timeoutMs, (signal) =>
        this.#backend.getPassword(this.#service, entry, signal),
      );
      this.#cached.set(entry, key ?? undefined);
      return key ?? undefined;
    } catch (error: unknown) {
      return fallback(this.#degrade(error));
    }
  }

  /** Writes (a key) or deletes (undefined) an entry. */
  async #write(
    entry: string,
    key: string | undefined,
    fallback: (vault: SessionKeyVault) => Promise<void>,
  ): Promise<void> {
    if (this.#fallback) return fallback(this.#fallback);
    try {
      if (key === undefined)
        await withTimeout('a delete', this.#timeoutMs, (signal) =>
          this.#backend.deletePassword(this.#service, entry, signal),
        );
      else
        await withTimeout('a write', this.#timeoutMs, (signal) =>
          this.#backend.setPassword(this.#service, entry, key, signal),
        );
      this.#cached.set(entry, key);
    } catch (error: unknown) {
      // The user still gets a working app this session; status() now says why it won't last.
      await fallback(this.#degrade(error));
    }
  }

  #degrade(error: unknown): SessionKeyVault {
    const reason = sessionReason(this.#backend.store, error);
    this.#log(`keychain: ${reason}`);
    // The keys already read stay usable for this session.
    const known = new Map<string, string>();
    const prefix = entryName('');
    for (const [entry, key] of this.#cached)
      if (key !== undefined && entry.startsWith(prefix)) known.set(entry.slice(prefix.length), key);
    this.#fallback = new SessionKeyVault(reason, known);
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
    return fallBack(
      `the keychain module could not be loaded (${oneLine(toError(error).message)}); the key is kept for this session only`,
    );
  }

  const request: ProbeRequest = {
    service: options.service ?? DEFAULT_SERVICE,
    account: `${options.account ?? DEFAULT_ACCOUNT}.probe`,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    platform: options.platform ?? process.platform,
  };
  const probe =
    options.probe ?? (options.loadBackend ? (r: ProbeRequest) => probeInProcess(backend, r) : probeInChildProcess);
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
  return env.ACCOUNT_MONITOR_KEYCHAIN?.trim().toLowerCase() === 'off'
    ? 'the keychain is turned off (ACCOUNT_MONITOR_KEYCHAIN=off); the key is kept for this session only'
    : undefined;
}
