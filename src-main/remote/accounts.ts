// Every account of the app behind one interface (domain/accounts.ts): the source a key opens
// (a LocalAccount over the domain, or a RemoteAccount at its provider), overviews with the state
// of the latest check, connecting and disconnecting, and the background checks.
import { checkState } from '../../src-shared/account-status.ts';
import type { AccountSource } from '../domain/account-source.ts';
import { LocalAccount, localShared, type LocalShared } from '../domain/account-source.ts';
import type { AccountDomain } from '../domain/account-domain.ts';
import type { AccountOverview, Accounts, Connected, ConnectInput } from '../domain/accounts.ts';
import { DomainError } from '../domain/errors.ts';
import { parseBaseUrl } from '../provider/base-url.ts';
import type { ProviderClient } from '../provider/client.ts';
import { GenerationCache } from '../store/generation-cache.ts';
import type { AccountRow } from '../store/index.ts';
import { BackgroundChecks, DEFAULT_CHECK_INTERVAL_MS, type CheckTarget, type CheckTimers } from './checks.ts';
import { connectAccount } from './connect.ts';
import { RemoteMemory } from './memory.ts';
import { RemoteAccount } from './remote-account.ts';
import type { RemoteContext } from './remote-context.ts';

export interface AppAccountsOptions {
  domain: AccountDomain;
  client: ProviderClient;
  /** How often connected accounts are checked in the background. */
  checkIntervalMs?: number;
  /** A reading is stale once the provider last answered longer ago than this (default three intervals). */
  staleAfterMs?: number;
  /** The key the app keeps for an account (its keychain entry), for background checks. */
  keptKey?: (vaultRef: string) => Promise<string | undefined>;
  timers?: CheckTimers;
  onChecked?: (accountId: number) => void;
  log?: (line: string) => void;
}

export class AppAccounts implements Accounts {
  readonly checks: BackgroundChecks;
  readonly staleAfterMs: number;
  readonly #domain: AccountDomain;
  readonly #ctx: RemoteContext;
  readonly #local: LocalShared;
  /** The source each key opens, until the database changes (a revoked key is a write). */
  readonly #sources: GenerationCache<AccountSource>;

  constructor(options: AppAccountsOptions) {
    const { domain } = options;
    this.#domain = domain;
    const intervalMs = options.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS;
    this.staleAfterMs = options.staleAfterMs ?? 3 * intervalMs;
    this.#ctx = {
      store: domain.store,
      client: options.client,
      memory: new RemoteMemory(domain.store),
      now: () => domain.nowSeconds(),
      timeZone: domain.timeZone,
    };
    this.#local = localShared(domain);
    this.#sources = new GenerationCache(() => domain.store.generation());
    const keptKey = options.keptKey ?? ((): Promise<string | undefined> => Promise.resolve(undefined));
    this.checks = new BackgroundChecks({
      intervalMs,
      targets: async () => {
        const targets: CheckTarget[] = [];
        for (const row of domain.store.accounts.live()) {
          if (row.kind !== 'remote' || row.key_kept !== 1) continue;
          const key = await keptKey(row.vault_ref);
          if (key !== undefined) targets.push({ accountId: row.id, key });
        }
        return targets;
      },
      check: async (target) => {
        const result = await this.#remote(target.accountId, target.key).check('check');
        return { ok: result.observation.outcome === 'ok', retryAfterSeconds: result.retryAfterSeconds };
      },
      lastCheck: (accountId) => {
        const latest = domain.store.observations.latest(accountId);
        return latest === undefined
          ? undefined
          : { secondsAgo: domain.nowSeconds() - latest.at, ok: latest.outcome === 'ok' };
      },
      ...(options.timers === undefined ? {} : { timers: options.timers }),
      ...(options.onChecked === undefined ? {} : { onChecked: options.onChecked }),
      ...(options.log === undefined ? {} : { log: options.log }),
    });
  }

  forKey(key: string | undefined): AccountSource {
    return this.#sources.get(`k\u0000${key ?? ''}`, () => {
      const id = this.#domain.authenticate(key);
      const row = this.#domain.store.accounts.account(id);
      return row?.kind === 'remote' && row.base_url !== null && key !== undefined
        ? new RemoteAccount(this.#ctx, id, parseBaseUrl(row.base_url), key)
        : new LocalAccount(this.#domain, id, this.#local);
    });
  }

  /**
   * The source of an account named by id rather than by key (the CLI's `plan NAME`): a local
   * account's from the domain; a connected account's needs its key, for its provider.
   */
  sourceOf(accountId: number, key: string | undefined): AccountSource {
    const row = this.#domain.store.accounts.account(accountId);
    if (row === undefined || row.disconnected_at !== null)
      throw new DomainError('not_found', `no account ${accountId}`);
    if (row.kind === 'local') return new LocalAccount(this.#domain, accountId, this.#local);
    if (key === undefined)
      throw new DomainError('invalid_key', `the key of "${row.name}" is needed to ask its provider`);
    return this.#remote(accountId, key);
  }

  overview(accountId: number): AccountOverview | undefined {
    const row = this.#domain.store.accounts.account(accountId);
    return row === undefined || row.disconnected_at !== null ? undefined : this.#overview(row);
  }

  list(): AccountOverview[] {
    return this.#domain.store.accounts.live().map((row) => this.#overview(row));
  }

  async connect(input: ConnectInput): Promise<Connected> {
    const connected = await connectAccount(this.#domain.store, this.#ctx.client, this.#ctx.now, input);
    this.#ctx.memory.forget(connected.accountId);
    return connected;
  }

  disconnect(accountId: number): void {
    const row = this.#domain.store.accounts.account(accountId);
    if (row === undefined || row.disconnected_at !== null)
      throw new DomainError('not_found', `no account ${accountId}`);
    if (row.kind !== 'remote')
      throw new DomainError(
        'conflict',
        `"${row.name}" is kept in this app, not at a provider: there is nothing to disconnect (revoke its key instead)`,
      );
    this.#domain.store.accounts.disconnect(accountId, this.#domain.nowSeconds());
    void this.checks.sync();
  }

  async refresh(accountId: number, key: string, force: boolean): Promise<void> {
    const row = this.#domain.store.accounts.account(accountId);
    if (row?.kind !== 'remote') return;
    // A refresh a person asked for reads everything again, the settings included.
    if (force) this.#ctx.memory.forgetSettings(accountId);
    await this.checks.now({ accountId, key }, force);
  }

  keepKey(accountId: number, kept: boolean): void {
    this.#domain.store.accounts.setKeyKept(accountId, kept);
    void this.checks.sync();
  }

  #remote(accountId: number, key: string): RemoteAccount {
    const row = this.#domain.store.accounts.account(accountId);
    if (row?.kind !== 'remote' || row.base_url === null)
      throw new DomainError('not_found', `no connected account ${accountId}`);
    return new RemoteAccount(this.#ctx, accountId, parseBaseUrl(row.base_url), key);
  }

  #overview(row: AccountRow): AccountOverview {
    const common = {
      id: row.id,
      name: row.name,
      kind: row.kind,
      baseUrl: row.base_url,
      vaultRef: row.vault_ref,
      keyKept: row.key_kept === 1,
    };
    if (row.kind === 'local') {
      return {
        ...common,
        state: 'ok',
        stale: false,
        lastCheckedAt: null,
        lastAnsweredAt: null,
        problem: null,
        reading: null,
      };
    }
    const { store, memory } = this.#ctx;
    const latest = store.observations.latest(row.id);
    const reading = store.observations.latestReading(row.id);
    const lastAnsweredAt = memory.lastAnsweredAt(row.id);
    const outcome = latest?.outcome ?? 'ok';
    return {
      ...common,
      state: checkState(outcome),
      stale: lastAnsweredAt === null || (this.#ctx.now() - lastAnsweredAt) * 1000 > this.staleAfterMs,
      lastCheckedAt: latest?.at ?? null,
      lastAnsweredAt,
      problem: outcome === 'ok' ? null : (latest?.message ?? null),
      reading:
        reading?.balance == null || reading.providerDatetime === null
          ? null
          : { balance: reading.balance, datetime: reading.providerDatetime, at: reading.at },
    };
  }
}
