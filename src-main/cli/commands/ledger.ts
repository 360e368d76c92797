// `ledger add`, `ledger import`, `ledger list`, `recurring add`.
import { createReadStream, fstatSync, openSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS } from '../../../src-shared/limits.ts';
import { formatLocal, type DateOrder } from '../../dates/index.ts';
import { openContext, withContext, keyFrom, print } from '../context.ts';
import { CliError } from '../errors.ts';

interface KeyOpts { key?: string; dataDir?: string }
/** `--date-order`: how slashed numeric dates in the phrases are read. */
interface OrderOpts { dateOrder?: DateOrder }

export function ledgerAddCommand(opts: KeyOpts & OrderOpts & { at: string; amount: string; kind?: string; note?: string }): void {
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    const e = domain.addEntry(id, { at: opts.at, amount: opts.amount, kind: opts.kind, note: opts.note }, opts.dateOrder);
    print(`${e.id}\t${formatLocal(e.at, domain.timeZone)}\t${e.kind}\t${e.amount}`);
  });
}

export async function ledgerImportCommand(file: string, opts: KeyOpts & OrderOpts): Promise<void> {
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
    const progress = (done: number): void => { process.stderr.write(`\rimporting: ${done} lines, ${Math.floor((stream.bytesRead / size) * 100)}% of the file`); };
    const count = await ctx.domain.importCsvStream(id, chunks, showProgress ? progress : undefined, opts.dateOrder);
    if (showProgress) process.stderr.write('\n');
    print(String(count));
  } finally {
    stream.destroy();
    ctx.store.close();
  }
}

export function ledgerListCommand(opts: KeyOpts): void {
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    // Oldest first in the import format, so a listing can be imported elsewhere as it is.
    process.stdout.write(stringify([[...CSV_COLUMNS]]));
    const page = 10_000;
    const total = domain.listEntries(id, 1, 0).total;
    for (let end = total; end > 0; end -= page) {
      const offset = Math.max(end - page, 0);
      const rows = domain.listEntries(id, end - offset, offset).entries.reverse();
      process.stdout.write(stringify(rows.map((e) => [formatLocal(e.at, domain.timeZone), e.amount, e.kind, e.note])));
    }
  });
}

export function recurringAddCommand(opts: KeyOpts & OrderOpts & { amount: string; every: string; from: string; until?: string; note?: string }): void {
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    const r = domain.addRecurring(id, { amount: opts.amount, every: opts.every, from: opts.from, until: opts.until, note: opts.note }, opts.dateOrder);
    print(`${r.id}\t${r.amount} per ${r.every}\tfrom ${formatLocal(r.startsAt, domain.timeZone)}${r.endsAt === null ? '' : `\tuntil ${formatLocal(r.endsAt, domain.timeZone)}`}`);
  });
}
