// Accounts in the window: connecting to a provider, listing, one account's overview, refreshing a
// connected one, forgetting a key, disconnecting. Failures to connect say which way it failed
// (the key refused, the provider unreachable, an answer that is not the spec's) with a next step.
import type { Hono } from 'hono';
import { ConnectRequest, RefreshRequest } from '../../../src-shared/app-requests.ts';
import { ProviderError } from '../../provider/errors.ts';
import type { ResponseOf } from '../../../src-shared/app-api.ts';
import { jsonError, jsonResponse } from '../errors.ts';
import { type AppContext, emptyRoute, jsonRoute, rawRoute, readBody } from './context.ts';

/** A connection attempt's failure, as the window shows it: never the local `invalid_key` (that means "your key was revoked here"). */
const CONNECT_STATUS = {
  invalid_key: 403,
  provider_unreachable: 502,
  provider_timeout: 504,
  provider_bad_answer: 502,
  invalid_url: 400,
} as const;
const CONNECT_CODE = {
  invalid_key: 'key_refused',
  provider_unreachable: 'provider_unreachable',
  provider_timeout: 'provider_timeout',
  provider_bad_answer: 'provider_bad_answer',
  invalid_url: 'invalid_url',
} as const;

export function accountRoutes(app: Hono, ctx: AppContext): void {
  const { accounts, vault } = ctx;

  rawRoute(app, 'POST /app/connect', async (c) => {
    const body = await readBody(c, ConnectRequest);
    const key = body.key.trim();
    try {
      const connected = await accounts.connect({ baseUrl: body.baseUrl, key, name: body.name });
      const answer: ResponseOf<'POST /app/connect'> = { account: await ctx.keep(connected.accountId, key) };
      return jsonResponse(answer);
    } catch (error: unknown) {
      if (!(error instanceof ProviderError)) throw error;
      return jsonError(CONNECT_STATUS[error.code], CONNECT_CODE[error.code], error.message);
    }
  });

  jsonRoute(app, 'GET /app/accounts', async () => ({ accounts: await ctx.summaries() }));

  jsonRoute(app, 'GET /app/accounts/:id', async (c) => {
    const a = await ctx.account(c);
    return ctx.summary(a.overview, a.key);
  });

  jsonRoute(app, 'POST /app/accounts/:id/refresh', async (c) => {
    const a = await ctx.account(c);
    const { force } = await readBody(c, RefreshRequest);
    await accounts.refresh(a.id, a.key, force === true);
    return ctx.summary(accounts.overview(a.id) ?? a.overview, a.key);
  });

  /**
   * The key, for the user who asked to copy it (never sent otherwise; the page does not keep it).
   * Read from where the window keeps it: the keychain, or this session's memory.
   */
  jsonRoute(app, 'GET /app/accounts/:id/key', async (c) => ({ key: (await ctx.account(c)).key }));

  /** The window forgets the key (the account itself stays, and a connected one stays connected). */
  emptyRoute(app, 'DELETE /app/accounts/:id/key', async (c) => {
    const overview = accounts.overview(Number(c.req.param('id')));
    if (overview === undefined) return;
    await vault.clear(overview.vaultRef);
    await ctx.write(() => {
      accounts.keepKey(overview.id, false);
    });
  });

  /** A connected account is disconnected: its key is refused locally from now on. */
  emptyRoute(app, 'DELETE /app/accounts/:id', async (c) => {
    const a = await ctx.account(c);
    await ctx.write(() => {
      accounts.disconnect(a.id);
    });
    await vault.clear(a.overview.vaultRef);
  });
}
