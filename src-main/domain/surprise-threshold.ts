// The unexpected-charge threshold of a connected account: how many whole pence a fall may exceed
// the provider's projection by before a check calls it an unexpected charge (default 100, £1).
// A setting of this app, not the provider's: it is kept here for connected accounts only.
import { MAX_WARNING_LEVEL } from '../../src-shared/limits.ts';
import type { AccountDomain } from './account-domain.ts';
import { DomainError } from './errors.ts';

export function unexpectedChargeThreshold(domain: AccountDomain, accountId: number): number {
  return domain.store.comparisons.threshold(accountId);
}

export function setUnexpectedChargeThreshold(domain: AccountDomain, accountId: number, pence: unknown): number {
  if (domain.store.accounts.account(accountId)?.kind !== 'remote')
    throw new DomainError(
      'conflict',
      'unexpected charges are found by comparing a provider with its own projection: this account is kept in this app',
    );
  if (typeof pence !== 'number' || !Number.isSafeInteger(pence) || pence < 0 || pence > MAX_WARNING_LEVEL)
    throw new DomainError(
      'invalid_settings',
      `the unexpected-charge threshold is whole pence from 0 to ${MAX_WARNING_LEVEL}; got ${typeof pence === 'number' ? String(pence) : typeof pence}`,
    );
  domain.store.comparisons.setThreshold(accountId, pence);
  return pence;
}
