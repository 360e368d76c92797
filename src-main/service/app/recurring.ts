// Recurring charges: listed, added, ended from a date, deleted.
import type { Hono } from 'hono';
import type { RecurringCharge } from '../../../src-shared/app-api.ts';
import { EndRecurringRequest, NewRecurringRequest } from '../../../src-shared/app-requests.ts';
import type { StoredRecurring } from '../../store/index.ts';
import { type AppContext, emptyRoute, idParam, jsonRoute, readBody } from './context.ts';

export function recurringRoutes(app: Hono, ctx: AppContext): void {
  const { domain } = ctx;
  const charge = (r: StoredRecurring): RecurringCharge => ({
    id: r.id,
    amount: r.amount,
    every: r.every,
    note: r.note,
    from: ctx.when(r.startsAt),
    until: r.endsAt === null ? null : ctx.when(r.endsAt),
  });

  jsonRoute(app, 'GET /app/accounts/:id/recurring', async (c) => ({
    recurring: domain.listRecurring((await ctx.account(c)).id).map(charge),
  }));
  jsonRoute(
    app,
    'POST /app/accounts/:id/recurring',
    async (c) => {
      const { id } = await ctx.account(c);
      const body = await readBody(c, NewRecurringRequest);
      return charge(await ctx.write(() => domain.addRecurring(id, body, body.dateOrder)));
    },
    201,
  );
  jsonRoute(app, 'POST /app/accounts/:id/recurring/:entry/end', async (c) => {
    const { id } = await ctx.account(c);
    const chargeId = idParam(c, 'entry');
    const body = await readBody(c, EndRecurringRequest);
    return charge(await ctx.write(() => domain.endRecurring(id, chargeId, body.at, body.dateOrder)));
  });
  emptyRoute(app, 'DELETE /app/accounts/:id/recurring/:entry', async (c) => {
    const { id } = await ctx.account(c);
    const chargeId = idParam(c, 'entry');
    await ctx.write(() => {
      domain.removeRecurring(id, chargeId);
    });
  });
}
