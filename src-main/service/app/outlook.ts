// What the dashboard says about an account's future beside its balance (the forecast with where
// it starts, the runway, a short dip that could hide, the provider's clock) and the top-up
// planner, as the account's source gives them: exact for a local ledger, from the provider's own
// projected balances for a connected account.
import type { Hono } from 'hono';
import type { ProviderClockAnswer } from '../../../src-shared/app-api.ts';
import { HORIZON_DAYS } from '../../../src-shared/limits.ts';
import { planWords } from '../../../src-shared/plan-words.ts';
import { clocksDiffer } from '../../../src-shared/provider-clock.ts';
import { runwayDays } from '../../../src-shared/runway.ts';
import type { SourceClock } from '../../domain/account-source.ts';
import { forecastAnswer } from '../../domain/forecast-answer.ts';
import { planEnd, planTopUp, sourceNow } from '../../domain/planner.ts';
import { BadRequest } from '../errors.ts';
import { type AppContext, jsonRoute, queryDateOrder, queryInt, queryText } from './context.ts';

export function outlookRoutes(app: Hono, ctx: AppContext): void {
  const { domain } = ctx;
  const clockAnswer = (clock: SourceClock | null): ProviderClockAnswer | null =>
    clock === null
      ? null
      : {
          providerNow: clock.providerNow,
          offsetSeconds: clock.offsetSeconds,
          differs: clocksDiffer(clock.offsetSeconds),
          checkedAt: ctx.when(clock.checkedAt),
        };

  jsonRoute(app, 'GET /app/accounts/:id/outlook', async (c) => {
    const { source } = await ctx.account(c);
    const days = queryInt(c, 'days', HORIZON_DAYS);
    const [f, clock] = await Promise.all([source.forecast(days), source.clock()]);
    return {
      ...forecastAnswer(f, (t) => ctx.when(t)),
      from: ctx.when(f.from),
      runwayDays: f.unknownBecause === null ? runwayDays(f.balanceNow, f.zero, f.from) : null,
      shortDipPossibleAt: f.shortDipPossibleAt === null ? null : ctx.when(f.shortDipPossibleAt),
      unknownBecause: f.unknownBecause,
      clock: clockAnswer(clock),
    };
  });

  jsonRoute(app, 'GET /app/accounts/:id/plan', async (c) => {
    const { source } = await ctx.account(c);
    const phrase = queryText(c, 'until');
    if (phrase === undefined || phrase.trim() === '') throw new BadRequest('until is required: the date to plan up to');
    const now = await sourceNow(source, domain.nowSeconds());
    const until = planEnd(phrase, now, domain.timeZone, queryDateOrder(c));
    const settings = await source.settings();
    const fallback = settings.warningEnabled && settings.warningLevel !== null ? settings.warningLevel : 0;
    // Not clamped: the planner refuses what is out of range, saying what it got.
    const keepAbove = queryInt(c, 'keepAbove', {
      min: -Number.MAX_SAFE_INTEGER,
      max: Number.MAX_SAFE_INTEGER,
      default: fallback,
    });
    const plan = await planTopUp(source, until, keepAbove, now);
    const answer = {
      from: ctx.when(plan.from),
      until: ctx.when(plan.until),
      keepAbove: plan.keepAbove,
      topUp: plan.topUp,
      by: plan.by === null ? null : ctx.when(plan.by),
      lowest: { ...ctx.when(plan.lowest.at), balance: plan.lowest.balance },
      pessimistic: plan.pessimistic,
    };
    const words = planWords({
      ...answer,
      from: answer.from.datetime,
      until: answer.until.datetime,
      by: answer.by?.datetime ?? null,
      lowest: { balance: answer.lowest.balance, datetime: answer.lowest.datetime },
    });
    return { ...answer, words };
  });
}
