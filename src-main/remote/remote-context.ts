// What the pieces of a connected account share (RemoteAccount, its ProviderFuture, AppAccounts):
// the store, the provider client, what the app remembers of each account, and the app's clock and
// zone. A module of its own, so that those pieces import it rather than each other.
import type { ProviderClient } from '../provider/client.ts';
import type { Store } from '../store/index.ts';
import type { RemoteMemory } from './memory.ts';

export interface RemoteContext {
  store: Store;
  client: ProviderClient;
  memory: RemoteMemory;
  /** The app's clock, epoch seconds. */
  now: () => number;
  timeZone: string;
}
