// The ledger: a page of entries (newest first, all or filtered), one entry added, changed or
// deleted, a CSV imported, the ledger exported as CSV.
import type { Hono } from 'hono';
import { csvDownload, csvFileName } from './csv-download.ts';
import { LEDGER_PAGE, type LedgerEntry } from '../../../src-shared/app-api.ts';
import { NewEntryRequest } from '../../../src-shared/app-requests.ts';
import { formatUnits } from '../../../src-shared/money/decimal.ts';
import type { StoredEntry } from '../../store/index.ts';
import type { Context } from 'hono';
import { MAX_NOTE_LENGTH } from '../../../src-shared/limits.ts';
import { DUPLICATE_POLICIES, ENTRY_KINDS } from '../../../src-shared/vocabulary.ts';
import { ledgerCsvPieces } from '../../domain/csv-export.ts';
import type { EntryFilter } from '../../store/index.ts';
import {
  type AppContext,
  emptyRoute,
  idParam,
  jsonRoute,
  queryChoice,
  queryDateOrder,
  queryInt,
  queryText,
  rawRoute,
  readBody,
} from './context.ts';

export function ledgerRoutes(app: Hono, ctx: AppContext): void {
  const { domain } = ctx;
  const entry = (accountId: number, e: StoredEntry): LedgerEntry => ({
    id: e.id,
    ...ctx.when(e.at),
    amount: e.amount,
    signedAmount: formatUnits(e.units),
    kind: e.kind,
    note: e.note,
    balanceAfter: domain.balanceText(accountId, e.at),
  });

  jsonRoute(app, 'GET /app/accounts/:id/ledger', async (c) => {
    const { id } = await ctx.account(c);
    const limit = queryInt(c, 'limit', { min: 1, max: LEDGER_PAGE.max, default: LEDGER_PAGE.default });
    const offset = queryInt(c, 'offset', { min: 0, max: Number.MAX_SAFE_INTEGER, default: 0 });
    const { entries, total } = domain.listEntries(id, limit, offset, entryFilter(c));
    const next = offset + entries.length;
    return { entries: entries.map((e) => entry(id, e)), total, nextOffset: next < total ? next : null };
  });

  jsonRoute(
    app,
    'POST /app/accounts/:id/ledger',
    async (c) => {
      const { id } = await ctx.account(c);
      const body = await readBody(c, NewEntryRequest);
      return entry(id, await ctx.write(() => domain.addEntry(id, body, body.dateOrder)));
    },
    201,
  );

  jsonRoute(app, 'PUT /app/accounts/:id/ledger/:entry', async (c) => {
    const { id } = await ctx.account(c);
    const entryId = idParam(c, 'entry');
    const body = await readBody(c, NewEntryRequest);
    return entry(id, await ctx.write(() => domain.editEntry(id, entryId, body, body.dateOrder)));
  });

  emptyRoute(app, 'DELETE /app/accounts/:id/ledger/:entry', async (c) => {
    const { id } = await ctx.account(c);
    const entryId = idParam(c, 'entry');
    await ctx.write(() => {
      domain.removeEntry(id, entryId);
    });
  });

  // The body is streamed to a worker thread as it arrives (body-rules.ts has checked its type
  // and declared length; the importer counts what really comes).
  jsonRoute(app, 'POST /app/accounts/:id/import', async (c) => {
    const { id } = await ctx.account(c);
    const choices = {
      dateOrder: queryDateOrder(c),
      duplicates: queryChoice(c, 'duplicates', DUPLICATE_POLICIES, 'ask'),
    };
    return ctx.importCsv(id, c.req.raw.body, choices);
  });

  // Sent a page at a time as the client takes it (csv-download.ts).
  rawRoute(app, 'GET /app/accounts/:id/ledger.csv', async (c) => {
    const { id, overview } = await ctx.account(c);
    return csvDownload(ledgerCsvPieces(domain, id, entryFilter(c)), csvFileName(overview.name));
  });
}

/** The `kind` and `q` query arguments of a ledger listing or export. */
function entryFilter(c: Context): EntryFilter {
  const text = queryText(c, 'q')?.trim();
  return {
    kind: queryChoice(c, 'kind', ENTRY_KINDS, undefined),
    text: text === undefined || text === '' ? undefined : text.slice(0, MAX_NOTE_LENGTH),
  };
}
