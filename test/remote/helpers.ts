// A second instance of this project's own server acting as the provider (it serves the same
// contract), with its own clock and zone, far from the local instance's: a phrase resolved
// locally instead of upstream gives a different datetime and balance, and the tests see it.
import { startService, type ServiceOptions, type TestService } from '../helpers/service.ts';

/** The provider's clock and zone: years and an ocean away from the local instance's. */
export const PROVIDER_NOW = '2031-05-01T08:00:00';
export const PROVIDER_ZONE = 'America/New_York';

/** A key with every character a query needs escaped: + / = & # ? % (and no space: keys have none). */
export const PROVIDER_KEY = 'k+/=&#?%ey-0123456789';

export interface ProviderInstance extends TestService {
  accountId: number;
  key: string;
}

/**
 * The provider: our own server on port 0 with an account for `key`. Its ledger straddles the
 * local instance's clock (2026) and its own (2031), so instants on either side have balances.
 */
export async function startProvider(key = PROVIDER_KEY, options: ServiceOptions = {}): Promise<ProviderInstance> {
  const provider = await startService({ now: PROVIDER_NOW, timeZone: PROVIDER_ZONE, ...options });
  const d = provider.app.domain;
  const { accountId } = d.createAccount('At the provider', key);
  d.addEntry(accountId, { at: '2026-11-01 09:00:00', amount: '10000', kind: 'topup' });
  d.addRecurring(accountId, { amount: '3000', every: 'month', from: '2026-11-01', until: '2027-02-01' });
  d.addEntry(accountId, { at: '2031-04-01 12:00:00', amount: '7777.7', kind: 'topup' });
  d.addRecurring(accountId, { amount: '31', every: 'day', from: '2031-04-15' });
  d.updateSettings(accountId, {
    warningEnabled: true,
    warningLevel: 2000,
    summary: ['monthly', 'daily'],
    disk: [90, 70],
    bandwidth: [80],
  });
  return Object.assign(provider, { accountId, key });
}

/** Connects a local instance to a provider and keeps the key, as the window's "Connect" does. */
export async function connectTo(local: TestService, baseUrl: string, key: string, name?: string): Promise<number> {
  const { accountId } = await local.app.accounts.connect({ baseUrl, key, name });
  const overview = local.app.accounts.overview(accountId);
  if (overview === undefined) throw new Error('connected account not found');
  await local.app.vault.set(overview.vaultRef, key);
  local.app.accounts.keepKey(accountId, true);
  return accountId;
}

/** Waits for a condition without sleeping a fixed time. */
export async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setImmediate(r));
  }
}
