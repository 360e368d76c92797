// The window's session: the service's status with the accounts the window works with, and the
// ways to add one (a key this app knows, a new local account, the demo account). Connecting to a
// provider is accounts.ts. Keys never leave the main process.
import type { Hono } from 'hono';
import type { Status } from '../../../src-shared/app-api.ts';
import { AccountRequest, KeyRequest } from '../../../src-shared/app-requests.ts';
import { createDemoAccount } from '../../domain/demo.ts';
import { type AppContext, jsonRoute, readBody } from './context.ts';

export function sessionRoutes(app: Hono, ctx: AppContext): void {
  const { domain, vault, accounts } = ctx;

  jsonRoute(app, 'GET /app/status', async (): Promise<Status> => ({
    vault: vault.status(),
    accounts: await ctx.summaries(),
    timeZone: domain.timeZone,
    now: ctx.when(domain.nowSeconds()),
    api: ctx.apiInfo(),
    checks: ctx.checks,
  }));

  // After a restart without a keychain: what the window lists to ask each key in place.
  jsonRoute(app, 'GET /app/kept', async () => ({
    accounts: (await ctx.held.waiting()).map((o) => ({
      id: o.id,
      name: o.name,
      kind: o.kind,
      reading:
        o.reading === null
          ? null
          : { balance: o.reading.balance, datetime: o.reading.datetime, at: ctx.when(o.reading.at) },
    })),
  }));

  jsonRoute(app, 'POST /app/key', async (c) => {
    const key = (await readBody(c, KeyRequest)).key.trim();
    // The key of any account this app knows, local or connected; unknown or revoked: 403.
    return { account: await ctx.keep(accounts.forKey(key).accountId, key) };
  });

  jsonRoute(app, 'POST /app/account', async (c) => {
    const { name, openingBalance } = await readBody(c, AccountRequest);
    const created = await ctx.write(() => domain.openAccount(name, openingBalance));
    // The one time the key reaches the page: the window shows it once for the user to keep.
    return { account: await ctx.keep(created.accountId, created.key), newKey: created.key };
  });

  jsonRoute(app, 'POST /app/demo', async () => {
    const created = await ctx.write(() => createDemoAccount(domain));
    return { account: await ctx.keep(created.accountId, created.key), newKey: created.key };
  });
}
