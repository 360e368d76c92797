// Why there is no keychain, as the service said it (the window's note about where keys are kept,
// and onboarding's).
import type { Status } from '../../src-shared/app-api.ts';

/** The vault's reason without its own closing "the key is kept for this session only", said already. */
export function vaultReason(status: Status): string | undefined {
  const reason = status.vault.reason?.replace(/[;,.:]?\s*the key is kept for this session only\.?\s*$/i, '').trim();
  return reason === undefined || reason === '' ? undefined : reason;
}
