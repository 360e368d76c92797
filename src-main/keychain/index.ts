// The keychain room: a KeyVault backed by the OS keychain (see vault.ts), with the honest
// session-only fallback from src-main/service/key-vault.ts.
export {
  openKeyVault,
  keychainDisabledReason,
  probeInProcess,
  KeychainKeyVault,
  DEFAULT_ACCOUNT,
  DEFAULT_SERVICE,
  DEFAULT_TIMEOUT_MS,
  entryName,
} from './vault.ts';
export type { KeychainVaultOptions, OpenKeyVaultOptions } from './vault.ts';
export { loadNapiKeyringBackend, storeName } from './backend.ts';
export type { KeychainBackend } from './backend.ts';
export { KeychainTimeoutError, withTimeout } from './timeout.ts';
export { probeArguments, probeFailure, probeInChildProcess, PROBE_CHILD } from './probe.ts';
export type { ProbeRequest } from './probe.ts';
