// The balance over time: the chart's series and the run-out forecast, as the account's source
// gives them (a local account's ledger; a connected account's checks and its provider's projections).
import type { Hono } from 'hono';
import { HORIZON_DAYS } from '../../../src-shared/limits.ts';
import { forecastAnswer } from '../../domain/forecast-answer.ts';
import { type AppContext, jsonRoute, queryInt, queryRange } from './context.ts';

const DAY = 86_400;

export function overTimeRoutes(app: Hono, ctx: AppContext): void {
  const { domain } = ctx;

  jsonRoute(app, 'GET /app/accounts/:id/series', async (c) => {
    const { source } = await ctx.account(c);
    const now = domain.nowSeconds();
    const { from, to } = queryRange(c, domain, { from: now - 90 * DAY, to: now + 90 * DAY });
    const [series, settings] = await Promise.all([
      source.series(from, to, queryInt(c, 'points', { min: 2, max: 2000, default: 200 })),
      source.settings(),
    ]);
    return {
      points: series.points.map((p) => ({ ...ctx.when(p.t), balance: p.balance, source: p.source })),
      events: series.events.map((e) => ({ ...ctx.when(e.t), amount: e.amount, kind: e.kind, signed: e.signed })),
      warningLevel: settings.warningLevel,
      now,
      band: series.band.map((b) => ({ ...ctx.when(b.t), low: b.low, high: b.high })),
    };
  });

  jsonRoute(app, 'GET /app/accounts/:id/forecast', async (c) => {
    const { source } = await ctx.account(c);
    return forecastAnswer(await source.forecast(queryInt(c, 'days', HORIZON_DAYS)), (t) => ctx.when(t));
  });
}
