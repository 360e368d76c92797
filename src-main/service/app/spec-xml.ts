// The spec's two documents for one of the window's accounts, exactly as the endpoints answer them
// (the window shows the settings document as it stands), get_balance's answer as JSON (what the
// window reads: the same source and values, no XML to parse in the page), and how this app reads
// a phrase.
import type { Hono } from 'hono';
import { datetimeOf, sourceBalance, sourceSettings } from '../spec-routes.ts';
import { type AppContext, jsonRoute, queryDateOrder, queryText, rawRoute } from './context.ts';

export function specXmlRoutes(app: Hono, ctx: AppContext): void {
  const { spec, domain } = ctx;
  rawRoute(app, 'GET /app/accounts/:id/xml/get_balance', async (c) =>
    sourceBalance(spec, (await ctx.account(c)).source, datetimeOf(c.req.url, queryText(c, 'datetime'))),
  );
  jsonRoute(app, 'GET /app/accounts/:id/balance', async (c) => {
    const { source } = await ctx.account(c);
    const doc = await source.getBalance(datetimeOf(c.req.url, queryText(c, 'datetime')));
    return { datetime: doc.datetime, balance: doc.balance, understood: doc.understood };
  });
  rawRoute(app, 'GET /app/accounts/:id/xml/get_notification_settings', async (c) =>
    sourceSettings(spec, (await ctx.account(c)).source),
  );

  jsonRoute(app, 'GET /app/resolve', (c) => {
    const r = domain.resolve(queryText(c, 'text'), queryDateOrder(c));
    return { ...ctx.when(r.epochSeconds), understood: r.understood, stage: r.stage };
  });
}
