// Writes ledger CSVs (header `at,amount,kind,note`) of any size without holding them in memory.
import { closeSync, openSync, writeSync } from 'node:fs';

export interface CsvOptions {
  lines: number;
  /** First and last instant, epoch seconds; entries are spread evenly between them, in order. */
  fromEpoch: number;
  toEpoch: number;
  /** Every entry is this many pence; kind alternates topup/charge unless `allTopups`. */
  amount?: number;
  allTopups?: boolean;
}

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** UTC wall time: the importer reads it in its own zone; only order and count matter here. */
function wall(epoch: number): string {
  const d = new Date(epoch * 1000);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** Returns the signed sum of the file's amounts in pence (topups add, charges subtract). */
export function writeLedgerCsv(path: string, o: CsvOptions): number {
  const fd = openSync(path, 'w');
  const amount = o.amount ?? 1;
  const step = o.lines > 1 ? (o.toEpoch - o.fromEpoch) / (o.lines - 1) : 0;
  let sum = 0;
  let chunk: string[] = ['at,amount,kind,note'];
  try {
    for (let i = 0; i < o.lines; i++) {
      // Three top-ups for every charge keeps a big ledger's balance positive, as real ones are.
      const topup = o.allTopups === true || i % 4 !== 3;
      sum += topup ? amount : -amount;
      chunk.push(`${wall(Math.round(o.fromEpoch + i * step))},${amount},${topup ? 'topup' : 'charge'},bench ${i}`);
      if (chunk.length >= 10_000) {
        writeSync(fd, chunk.join('\n') + '\n');
        chunk = [];
      }
    }
    if (chunk.length > 0) writeSync(fd, chunk.join('\n') + '\n');
  } finally {
    closeSync(fd);
  }
  return sum;
}
