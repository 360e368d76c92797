// A connected account's checks against its provider's projection: the unexpected charges and
// top-ups they found (for the chart and the window's list), the threshold that makes a fall
// unexpected, and every stored check as a CSV download.
import type { Context, Hono } from 'hono';
import type { SurpriseList } from '../../../src-shared/app-api.ts';
import { ThresholdRequest } from '../../../src-shared/app-requests.ts';
import { surpriseWords } from '../../../src-shared/surprise-words.ts';
import { observationsCsvPieces } from '../../domain/observations-csv.ts';
import { setUnexpectedChargeThreshold, unexpectedChargeThreshold } from '../../domain/surprise-threshold.ts';
import { BadRequest, COMMON_HEADERS } from '../errors.ts';
import { type AppContext, jsonRoute, queryText, rawRoute, readBody, type WindowAccount } from './context.ts';
import { csvFileName } from './ledger.ts';

const DAY = 86_400;

export function surpriseRoutes(app: Hono, ctx: AppContext): void {
  const { domain } = ctx;

  /** A range end: the default when absent, otherwise a phrase that must be understood. */
  const rangeEnd = (c: Context, name: string, fallback: number): number => {
    const phrase = queryText(c, name);
    return phrase === undefined || phrase.trim() === ''
      ? fallback
      : domain.instant(phrase, 'the range', 'invalid_entry');
  };
  const range = (c: Context, back: number): { from: number; to: number } => {
    const now = domain.nowSeconds();
    const from = rangeEnd(c, 'from', now - back);
    const to = rangeEnd(c, 'to', now);
    if (to <= from) throw new BadRequest('the end of the range must come after its start');
    return { from, to };
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

  // Sent a page at a time as the client takes it, like the ledger's export.
  rawRoute(app, 'GET /app/accounts/:id/observations.csv', async (c) => {
    const { id, overview } = await ctx.account(c);
    const { from, to } = range(c, 100 * 365 * DAY);
    const pieces = observationsCsvPieces(domain, id, { from, to });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise<void>((next) => {
          setImmediate(next);
        });
        const piece = pieces.next();
        if (piece.done) controller.close();
        else controller.enqueue(encoder.encode(piece.value));
      },
      cancel() {
        pieces.return(undefined);
      },
    });
    return new Response(body, {
      headers: {
        ...COMMON_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${csvFileName(overview.name, 'observations')}"`,
      },
    });
  });
}
