// A connected account's checks against its provider's projection: the unexpected charges and
// top-ups they found (for the chart and the window's list), the threshold that makes a fall
// unexpected, and every stored check as a CSV download.
import type { Context, Hono } from 'hono';
import type { SurpriseList } from '../../../src-shared/app-api.ts';
import { ThresholdRequest } from '../../../src-shared/app-requests.ts';
import { surpriseWords } from '../../../src-shared/surprise-words.ts';
import { observationsCsvPieces } from '../../domain/observations-csv.ts';
import { setUnexpectedChargeThreshold, unexpectedChargeThreshold } from '../../domain/surprise-threshold.ts';
import { type AppContext, jsonRoute, queryRange, rawRoute, readBody, type WindowAccount } from './context.ts';
import { csvDownload, csvFileName } from './csv-download.ts';

const DAY = 86_400;

export function surpriseRoutes(app: Hono, ctx: AppContext): void {
  const { domain } = ctx;

  /** The `from` and `to` of the query (the last `back` seconds up to now by default). */
  const range = (c: Context, back: number): { from: number; to: number } => {
    const now = domain.nowSeconds();
    return queryRange(c, domain, { from: now - back, to: now });
  };

  const list = async ({ id, source }: WindowAccount, from: number, to: number): Promise<SurpriseList> => {
    const surprises = (await source.surprises(from, to)).map((s) => {
      const since = s.since === null ? null : ctx.when(s.since);
      const at = ctx.when(s.at);
      return {
        id: s.observationId,
        kind: s.kind,
        amount: s.amount,
        since,
        at,
        balance: s.balance,
        expected: s.expected,
        words: surpriseWords({ kind: s.kind, amount: s.amount, since: since?.datetime ?? null, at: at.datetime }),
      };
    });
    return { surprises, thresholdPence: unexpectedChargeThreshold(domain, id) };
  };

  jsonRoute(app, 'GET /app/accounts/:id/surprises', async (c) => {
    const account = await ctx.account(c);
    const { from, to } = range(c, 90 * DAY);
    return list(account, from, to);
  });

  jsonRoute(app, 'PUT /app/accounts/:id/surprises/threshold', async (c) => {
    const account = await ctx.account(c);
    const body = await readBody(c, ThresholdRequest);
    await ctx.write(() => setUnexpectedChargeThreshold(domain, account.id, body.pence));
    const now = domain.nowSeconds();
    return list(account, now - 90 * DAY, now);
  });

  // Sent a page at a time as the client takes it, like the ledger's export (csv-download.ts).
  rawRoute(app, 'GET /app/accounts/:id/observations.csv', async (c) => {
    const { id, overview } = await ctx.account(c);
    const range = queryRange(c, domain, { from: domain.nowSeconds() - 100 * 365 * DAY, to: domain.nowSeconds() });
    return csvDownload(observationsCsvPieces(domain, id, range), csvFileName(overview.name, 'observations'));
  });
}
