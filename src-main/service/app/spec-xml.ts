// The spec's two documents for the stored key, exactly as the endpoints answer them (the window
// reads balances and settings as scripts do), and how a phrase is read.
import type { Hono } from 'hono';
import { getBalance, getNotificationSettings } from '../spec-routes.ts';
import { type AppContext, jsonRoute, queryText, rawRoute } from './context.ts';

export function specXmlRoutes(app: Hono, ctx: AppContext): void {
  const { spec, vault, domain } = ctx;
  rawRoute(app, 'GET /app/xml/get_balance', async (c) => getBalance(spec, await vault.get() ?? '', queryText(c, 'datetime')));
  rawRoute(app, 'GET /app/xml/get_notification_settings', async () => getNotificationSettings(spec, await vault.get() ?? ''));

  jsonRoute(app, 'GET /app/resolve', (c) => {
    const r = domain.resolve(queryText(c, 'text'));
    return { ...ctx.when(r.epochSeconds), understood: r.understood, stage: r.stage };
  });
}
