// A new account's name, checked once for creating (account-domain.ts) and connecting
// (src-main/remote): apart from accounts.ts, which only declares types, so that importing the rule
// ties no circle through the account interfaces.
import { accountNameOf, MAX_ACCOUNT_NAME_LENGTH } from '../../src-shared/limits.ts';
import { DomainError } from './errors.ts';

/** A new account's name as kept (the contract's rule, src-shared/limits.ts), or invalid_account. */
export function checkAccountName(name: string): string {
  const kept = accountNameOf(name);
  if (kept === undefined)
    throw new DomainError(
      'invalid_account',
      `an account name is 1 to ${MAX_ACCOUNT_NAME_LENGTH} printable characters (no control characters or direction overrides)`,
    );
  return kept;
}
