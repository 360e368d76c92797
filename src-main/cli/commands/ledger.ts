// `ledger add`, `ledger import`, `ledger list`, `recurring add`.
import { readFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS } from '../../../src-shared/limits.ts';
import { formatLocal, type DateOrder } from '../../dates/index.ts';
import { withContext, keyFrom, print } from '../context.ts';
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

export function ledgerImportCommand(file: string, opts: KeyOpts & OrderOpts): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`);
  }
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    // Progress only where a person watches: a terminal, and a file big enough to wait for.
    const showProgress = process.stderr.isTTY && text.length > 1_000_000;
    const count = domain.importCsv(id, text, showProgress ? (done, total) => { process.stderr.write(`\rimporting ${done}/${total}`); } : undefined, opts.dateOrder);
    if (showProgress) process.stderr.write('\n');
    print(String(count));
  });
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
