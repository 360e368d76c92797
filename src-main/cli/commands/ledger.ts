// `ledger add`, `ledger import`, `ledger list`, `recurring add`.
import { createReadStream, fstatSync, openSync } from 'node:fs';
import { formatLocal } from '../../dates/wall-clock.ts';
import type { DateOrder } from '../../dates/index.ts';
import { ledgerCsvPieces } from '../../domain/csv-export.ts';
import type { StoredRecurring } from '../../store/index.ts';
import type { DuplicatePolicy } from '../../../src-shared/vocabulary.ts';
import { openContext, withContext, keyFrom, print } from '../context.ts';
import { write } from '../print.ts';
import { CliError } from '../errors.ts';
import { safeLine } from '../safe-text.ts';

interface KeyOpts {
  key?: string;
  dataDir?: string;
}
/** `--date-order`: how slashed numeric dates in the phrases are read. */
interface OrderOpts {
  dateOrder?: DateOrder;
}

export function ledgerAddCommand(
  opts: KeyOpts & OrderOpts & { at: string; amount: string; kind?: string; note?: string },
): void {
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    const e = domain.addEntry(
      id,
      { at: opts.at, amount: opts.amount, kind: opts.kind, note: opts.note },
      opts.dateOrder,
    );
    print(`${e.id}\t${formatLocal(e.at, domain.timeZone)}\t${e.kind}\t${e.amount}`);
  });
}

export async function ledgerImportCommand(
  file: string,
  opts: KeyOpts & OrderOpts & { duplicates?: DuplicatePolicy },
): Promise<void> {
  let fd: number;
  let size: number;
  try {
    fd = openSync(file, 'r');
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new Error('it is a folder');
    size = stat.size;
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`);
  }
  // The file is read while it is imported, so memory stays flat whatever its size.
  const stream = createReadStream(file, { fd });
  const chunks = (async function* fileChunks(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of stream) yield chunk as Uint8Array;
    } catch (err) {
      throw new CliError(`cannot read ${file}: ${(err as Error).message}`);
    }
  })();
  const ctx = openContext(opts);
  try {
    const id = ctx.domain.authenticate(keyFrom(opts));
    // Progress only where a person watches: a terminal, and a file big enough to wait for.
    const showProgress = process.stderr.isTTY && size > 1_000_000;
    const progress = (done: number): void => {
      process.stderr.write(`\rimporting: ${done} lines, ${Math.floor((stream.bytesRead / size) * 100)}% of the file`);
    };
    const outcome = await ctx.domain.importCsvStream(id, chunks, {
      onProgress: showProgress ? progress : undefined,
      dateOrder: opts.dateOrder,
      duplicates: opts.duplicates,
    });
    if (showProgress) process.stderr.write('\n');
    // The count alone on standard output (scripts read it); what was left out on standard error.
    print(String(outcome.imported));
    if (outcome.skipped > 0)
      process.stderr.write(`skipped ${outcome.skipped} row${outcome.skipped === 1 ? '' : 's'} already in the ledger\n`);
  } finally {
    stream.destroy();
    ctx.store.close();
  }
}

export function ledgerListCommand(opts: KeyOpts): void {
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    for (const piece of ledgerCsvPieces(domain, id)) write(piece);
  });
}

export function recurringListCommand(opts: KeyOpts): void {
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    for (const r of domain.listRecurring(id)) print(recurringLine(r, domain.timeZone));
  });
}

export function recurringEndCommand(chargeId: string, opts: KeyOpts & OrderOpts & { at: string }): void {
  if (!/^\d{1,15}$/.test(chargeId))
    throw new CliError(`not a charge id: ${JSON.stringify(chargeId.slice(0, 40))} (see recurring list)`);
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    print(recurringLine(domain.endRecurring(id, Number(chargeId), opts.at, opts.dateOrder), domain.timeZone));
  });
}

function recurringLine(r: StoredRecurring, timeZone: string): string {
  const until = r.endsAt === null ? '' : `\tuntil ${formatLocal(r.endsAt, timeZone)}`;
  return `${r.id}\t${r.amount} per ${r.every}\tfrom ${formatLocal(r.startsAt, timeZone)}${until}${r.note === '' ? '' : `\t${safeLine(r.note)}`}`;
}

export function recurringAddCommand(
  opts: KeyOpts & OrderOpts & { amount: string; every: string; from: string; until?: string; note?: string },
): void {
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    const r = domain.addRecurring(
      id,
      { amount: opts.amount, every: opts.every, from: opts.from, until: opts.until, note: opts.note },
      opts.dateOrder,
    );
    print(recurringLine(r, domain.timeZone));
  });
}
