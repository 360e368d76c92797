// Recurring charges: listed, added, deleted.
import type { Hono } from 'hono';
import type { RecurringCharge } from '../../../src-shared/app-api.ts';
import { NewRecurringRequest } from '../../../src-shared/app-requests.ts';
import type { StoredRecurring } from '../../store/index.ts';
import { type AppContext, emptyRoute, idParam, jsonRoute, readBody } from './context.ts';

export function recurringRoutes(app: Hono, ctx: AppContext): void {
  const { domain } = ctx;
  const charge = (r: StoredRecurring): RecurringCharge => ({
    id: r.id, amount: r.amount, every: r.every, note: r.note, from: ctx.when(r.startsAt), until: r.endsAt === null ? null : ctx.when(r.endsAt),
  });

  jsonRoute(app, 'GET /app/recurring', async () => ({ recurring: domain.listRecurring(await ctx.storedAccount()).map(charge) }));
  jsonRoute(app, 'POST /app/recurring', async (c) => {
    const id = await ctx.storedAccount();
    const body = await readBody(c, NewRecurringRequest);
    return charge(await ctx.write(() => domain.addRecurring(id, body)));
  }, 201);
  emptyRoute(app, 'DELETE /app/recurring/:id', async (c) => {
    const id = await ctx.storedAccount();
    const chargeId = idParam(c);
    await ctx.write(() => { domain.removeRecurring(id, chargeId); });
  });
}
