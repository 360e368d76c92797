// Connecting to a provider: the key is checked with the provider's get_balance and
// get_notification_settings before anything is stored; then the account, the key's hash and the
// first observation are written in one transaction. A key this app already knows is refused
// before any request leaves (so the app never connects to itself), except the key of an account
// that was disconnected: reconnecting with it brings that account back, history kept.
import type { Settings as NotificationSettings } from '../../src-shared/app-api.ts';
import { checkAccountName } from '../domain/account-name.ts';
import type { Connected, ConnectInput } from '../domain/accounts.ts';
import { DomainError } from '../domain/errors.ts';
import { hashKey, keyHint } from '../domain/keys.ts';
import { API_KEY_LENGTH, apiKeyProblem } from '../../src-shared/limits.ts';
import { plainText } from '../../src-shared/quote.ts';
import { parseBaseUrl, type BaseUrl } from '../provider/base-url.ts';
import type { ProviderClient } from '../provider/client.ts';
import type { BalanceDocument } from '../provider/documents.ts';
import { ProviderError } from '../provider/errors.ts';
import type { Store } from '../store/index.ts';
import { connectFailure } from './words.ts';

/** The name asked for (which must be free), or the host, numbered when another account has it. */
function chooseName(store: Store, asked: string | undefined, fallback: string, except: number | undefined): string {
  const taken = new Set(
    store.accounts
      .live()
      .filter((a) => a.id !== except)
      .map((a) => a.name),
  );
  if (asked !== undefined && asked.trim() !== '') {
    const name = checkAccountName(asked);
    if (taken.has(name))
      throw new DomainError('name_taken', `an account named "${name}" already exists: choose another name`);
    return name;
  }
  const base = checkAccountName(fallback);
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base} (${i})`)) return `${base} (${i})`;
}

/** Both of the provider's endpoints, read with the key; a ProviderError says which way it failed. */
export async function readProvider(
  client: ProviderClient,
  base: BaseUrl,
  key: string,
): Promise<{ balance: BalanceDocument; settings: NotificationSettings }> {
  const [balance, settings] = await Promise.all([client.balance(base, key), client.settings(base, key)]);
  return { balance: balance.value, settings: settings.value };
}

export async function connectAccount(
  store: Store,
  client: ProviderClient,
  now: () => number,
  input: ConnectInput,
): Promise<Connected> {
  const base = parseBaseUrl(input.baseUrl);
  const key = input.key;
  // Not the local API's invalid_key (a refusal): the key cannot be one at all.
  if (apiKeyProblem(key) !== undefined)
    throw new DomainError(
      'invalid_account',
      `a key is ${API_KEY_LENGTH.min} to ${API_KEY_LENGTH.max} printable ASCII characters without spaces`,
    );
  const hash = hashKey(key);
  const known = store.accounts.findKey(hash);
  const row = known === undefined ? undefined : store.accounts.account(known.accountId);
  const reconnecting = row !== undefined && row.kind === 'remote' && row.disconnected_at !== null ? row : undefined;
  if (known !== undefined && reconnecting === undefined) {
    throw new DomainError(
      'key_in_use',
      row?.kind === 'remote' && !known.revoked
        ? `this key is already connected, as "${row.name}"`
        : "this key belongs to an account kept in this app (or a revoked one): it is not a provider's key",
    );
  }
  // A name kept before the rule refused control characters comes back without them.
  const name = chooseName(store, input.name, plainText(reconnecting?.name ?? base.host), reconnecting?.id);
  let read;
  try {
    read = await readProvider(client, base, key);
  } catch (error: unknown) {
    if (error instanceof ProviderError)
      throw new ProviderError(error.code, connectFailure(error), error.retryAfterSeconds);
    throw error;
  }
  const at = now();
  const accountId = store.db.transaction(() => {
    // Another connection with the same key may have finished while this one waited for the provider.
    if (reconnecting === undefined && store.accounts.findKey(hash) !== undefined)
      throw new DomainError('key_in_use', 'this key was connected a moment ago');
    let id: number;
    if (reconnecting === undefined) {
      id = store.accounts.createRemote(name, base.href, hash, keyHint(key), at);
    } else {
      id = reconnecting.id;
      store.accounts.reconnect(id, hash, base.href, name);
    }
    store.observations.add({
      accountId: id,
      at,
      source: 'connect',
      outcome: 'ok',
      balance: read.balance.balance,
      providerDatetime: read.balance.datetime,
      settings: JSON.stringify(read.settings),
      message: null,
    });
    return id;
  })();
  return {
    accountId,
    balance: read.balance.balance,
    datetime: read.balance.datetime,
    reconnected: reconnecting !== undefined,
  };
}
