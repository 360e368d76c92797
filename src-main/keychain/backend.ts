// The keychain seen through keytar's three calls (get, set, delete a password for a service and
// an account), backed by @napi-rs/keyring, the maintained Node-API drop-in for the archived keytar.
//
// Why not `@napi-rs/keyring/keytar` itself: that module builds `new AsyncEntry(service, account)`
// with no options, and on Linux the default store silently falls back from the Secret Service to
// the kernel keyring, which forgets everything at reboot (design brief point 5). So this file keeps
// keytar's API but builds each entry with `{ linux: { store: 'secret-service' } }`, which throws
// instead of falling back, and passes an AbortSignal so a timed-out call is abandoned.

export interface KeychainBackend {
  /** Human name of the store, e.g. "Secret Service (GNOME Keyring or KWallet)". */
  readonly store: string;
  getPassword(service: string, account: string, signal: AbortSignal): Promise<string | null>;
  setPassword(service: string, account: string, password: string, signal: AbortSignal): Promise<void>;
  deletePassword(service: string, account: string, signal: AbortSignal): Promise<boolean>;
}

/** The subset of @napi-rs/keyring's API this file uses (its own .d.ts has the full one). */
interface AsyncEntryLike {
  getPassword(signal?: AbortSignal | null): Promise<string | null>;
  setPassword(password: string, signal?: AbortSignal | null): Promise<void>;
  deletePassword(signal?: AbortSignal | null): Promise<boolean>;
}
interface KeyringModule {
  AsyncEntry: new (
    service: string,
    username: string,
    options?: { linux?: { store?: 'secret-service' | 'keyutils' } },
  ) => AsyncEntryLike;
}

export function storeName(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return 'macOS Keychain';
    case 'win32':
      return 'Windows Credential Manager';
    default:
      return 'Secret Service (GNOME Keyring or KWallet)';
  }
}

/**
 * Loads the native module lazily: a missing or unloadable binary must become a visible
 * session-only mode (see openKeyVault), not a crash at start-up.
 */
export async function loadNapiKeyringBackend(platform: NodeJS.Platform = process.platform): Promise<KeychainBackend> {
  const mod = (await import('@napi-rs/keyring')) as unknown as KeyringModule;
  const options = platform === 'linux' ? { linux: { store: 'secret-service' as const } } : undefined;
  const entry = (service: string, account: string): AsyncEntryLike => new mod.AsyncEntry(service, account, options);
  return {
    store: storeName(platform),
    getPassword: (service, account, signal) => entry(service, account).getPassword(signal),
    setPassword: (service, account, password, signal) => entry(service, account).setPassword(password, signal),
    deletePassword: (service, account, signal) => entry(service, account).deletePassword(signal),
  };
}
