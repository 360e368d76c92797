// The ledger: a page of entries (newest first), one entry added or deleted, a CSV imported.
import type { Hono } from 'hono';
import { LEDGER_PAGE, type LedgerEntry } from '../../../src-shared/app-api.ts';
import { NewEntryRequest } from '../../../src-shared/app-requests.ts';
import { formatUnits } from '../../../src-shared/money/decimal.ts';
import type { StoredEntry } from '../../store/index.ts';
import { type AppContext, emptyRoute, idParam, jsonRoute, queryDateOrder, queryInt, readBody } from './context.ts';

export function ledgerRoutes(app: Hono, ctx: AppContext): void {
  const { domain } = ctx;
  const entry = (accountId: number, e: StoredEntry): LedgerEntry => ({
    id: e.id, ...ctx.when(e.at), amount: e.amount, signedAmount: formatUnits(e.units), kind: e.kind, note: e.note, balanceAfter: domain.balanceText(accountId, e.at),
  });

  jsonRoute(app, 'GET /app/accounts/:id/ledger', async (c) => {
    const { id } = await ctx.account(c);
    const limit = queryInt(c, 'limit', { min: 1, max: LEDGER_PAGE.max, default: LEDGER_PAGE.default });
    const offset = queryInt(c, 'offset', { min: 0, max: Number.MAX_SAFE_INTEGER, default: 0 });
    const { entries, total } = domain.listEntries(id, limit, offset);
    const next = offset + entries.length;
    return { entries: entries.map((e) => entry(id, e)), total, nextOffset: next < total ? next : null };
  });

  jsonRoute(app, 'POST /app/accounts/:id/ledger', async (c) => {
    const { id } = await ctx.account(c);
    const body = await readBody(c, NewEntryRequest);
    return entry(id, await ctx.write(() => domain.addEntry(id, body, body.dateOrder)));
  }, 201);

  emptyRoute(app, 'DELETE /app/accounts/:id/ledger/:entry', async (c) => {
    const { id } = await ctx.account(c);
    const entryId = idParam(c, 'entry');
    await ctx.write(() => { domain.removeEntry(id, entryId); });
  });

  // The body is streamed to a worker thread as it arrives (body-rules.ts has checked its type
  // and declared length; the importer counts what really comes).
  jsonRoute(app, 'POST /app/accounts/:id/import', async (c) => ({ imported: await ctx.importCsv((await ctx.account(c)).id, c.req.raw.body, queryDateOrder(c)) }));
}
