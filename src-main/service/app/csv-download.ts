// A CSV download (the ledger's export, a connected account's checks): sent a piece at a time as
// the client takes it, with the event loop free between two pieces, so a big export never holds
// up a script's get_balance (a million entries take about 10 s).
import { COMMON_HEADERS } from '../errors.ts';

/** A download's file name from the account's name: letters, digits, dashes; then `-ledger.csv` (or what else it holds). */
export function csvFileName(accountName: string, holds = 'ledger'): string {
  const base = accountName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${base === '' ? 'account' : base}-${holds}.csv`;
}

/** The answer streaming `pieces` (each one a run of whole CSV lines) as an attachment named `fileName`. */
export function csvDownload(pieces: Generator<string>, fileName: string): Response {
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
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });
}
