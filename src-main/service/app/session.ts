// The window's session: the service's status, and the key it works with (pasted, a new local
// account's, the demo account's, or forgotten). The key itself never leaves the main process.
import type { Hono } from 'hono';
import type { KeyState, Status } from '../../../src-shared/app-api.ts';
import { AccountRequest, KeyRequest } from '../../../src-shared/app-requests.ts';
import { createDemoAccount } from '../../domain/demo.ts';
import { type AppContext, emptyRoute, jsonRoute, readBody } from './context.ts';

export function sessionRoutes(app: Hono, ctx: AppContext): void {
  const { domain, vault } = ctx;
  const keyState = (): KeyState => (vault.status().mode === 'keychain' ? 'stored' : 'session');

  jsonRoute(app, 'GET /app/status', async (): Promise<Status> => {
    const key = await vault.get();
    let keyStatus: Status['key'] = key === undefined ? 'none' : keyState();
    let account: Status['account'];
    if (key !== undefined) {
      try {
        account = { name: domain.accountName(domain.authenticate(key)) ?? '' };
      } catch {
        keyStatus = 'invalid';
      }
    }
    const status: Status = { key: keyStatus, vault: vault.status(), timeZone: domain.timeZone, now: ctx.when(domain.nowSeconds()), api: ctx.apiInfo() };
    return account === undefined ? status : { ...status, account };
  });

  jsonRoute(app, 'POST /app/key', async (c) => {
    const key = (await readBody(c, KeyRequest)).key.trim();
    domain.authenticate(key);
    await vault.set(key);
    return { key: keyState() };
  });

  jsonRoute(app, 'POST /app/account', async (c) => {
    const { name } = await readBody(c, AccountRequest);
    const created = await ctx.write(() => domain.createAccount(name));
    await vault.set(created.key);
    return { key: keyState() };
  });

  jsonRoute(app, 'POST /app/demo', async () => {
    await vault.set((await ctx.write(() => createDemoAccount(domain))).key);
    return { key: keyState() };
  });

  emptyRoute(app, 'DELETE /app/key', () => vault.clear());
}
