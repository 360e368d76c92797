// The ledger: a page of entries (newest first), one entry added or deleted, a CSV imported.
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CSV_BODY_LIMIT, LEDGER_PAGE, type LedgerEntry } from '../../../src-shared/app-api.ts';
import { NewEntryRequest } from '../../../src-shared/app-requests.ts';
import { formatUnits } from '../../../src-shared/money/decimal.ts';
import type { StoredEntry } from '../../store/index.ts';
import { jsonError } from '../errors.ts';
import { type AppContext, emptyRoute, idParam, jsonRoute, queryInt, readBody } from './context.ts';

export function ledgerRoutes(app: Hono, ctx: AppContext): void {
  const { domain } = ctx;
  const entry = (e: StoredEntry): LedgerEntry => ({ id: e.id, ...ctx.when(e.at), amount: e.amount, signedAmount: formatUnits(e.units), kind: e.kind, note: e.note });

  jsonRoute(app, 'GET /app/accounts/:id/ledger', async (c) => {
    const { id } = await ctx.account(c);
    const limit = queryInt(c, 'limit', { min: 1, max: LEDGER_PAGE.max, default: LEDGER_PAGE.default });
    const offset = queryInt(c, 'offset', { min: 0, max: Number.MAX_SAFE_INTEGER, default: 0 });
    const { entries, total } = domain.listEntries(id, limit, offset);
    const next = offset + entries.length;
    return { entries: entries.map(entry), total, nextOffset: next < total ? next : null };
  });

  jsonRoute(app, 'POST /app/accounts/:id/ledger', async (c) => {
    const { id } = await ctx.account(c);
    return entry(domain.addEntry(id, await readBody(c, NewEntryRequest)));
  }, 201);

  emptyRoute(app, 'DELETE /app/accounts/:id/ledger/:entry', async (c) => { domain.removeEntry((await ctx.account(c)).id, idParam(c, 'entry')); });

  app.post('/accounts/:id/import', bodyLimit({ maxSize: CSV_BODY_LIMIT, onError: () => jsonError(413, 'too_large', `the CSV file is too large (${CSV_BODY_LIMIT / 1024 / 1024} MiB at most)`) }));
  jsonRoute(app, 'POST /app/accounts/:id/import', async (c) => {
    const { id } = await ctx.account(c);
    return { imported: domain.importCsv(id, await c.req.text()) };
  });
}
