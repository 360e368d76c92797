// `observations [NAME] [--from PHRASE] [--to PHRASE]`: a connected account's stored checks as CSV
// on standard output, oldest first (src-main/domain/observations-csv.ts says the columns), and
// `surprises [NAME] [--threshold POUNDS]`: the unexpected charges and top-ups its checks found, in
// words, or with --threshold the amount a fall may exceed the projection by before it counts.
// Both read what this app stored: no call to the provider, no key needed beyond choosing.
import { parsePounds } from '../../../src-shared/money/parse-pounds.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { plainText } from '../../../src-shared/quote.ts';
import { surpriseWords } from '../../../src-shared/surprise-words.ts';
import { formatLocal } from '../../dates/wall-clock.ts';
import { observationsCsvPieces } from '../../domain/observations-csv.ts';
import { setUnexpectedChargeThreshold } from '../../domain/surprise-threshold.ts';
import { surprisesOf } from '../../remote/index.ts';
import { print, withContext } from '../context.ts';
import { write } from '../print.ts';
import { CliError, UsageError } from '../errors.ts';
import { chooseAccount } from './pick-account.ts';

interface Opts {
  key?: string;
  dataDir?: string;
}

export function observationsCommand(name: string | undefined, opts: Opts & { from?: string; to?: string }): void {
  withContext(opts, (ctx) => {
    const { overview } = chooseAccount(ctx, name, opts);
    const { domain } = ctx;
    const from = opts.from === undefined ? 0 : domain.instant(opts.from, 'the start', 'invalid_entry');
    const to = opts.to === undefined ? domain.nowSeconds() : domain.instant(opts.to, 'the end', 'invalid_entry');
    if (to < from) throw new UsageError('--to comes before --from');
    for (const piece of observationsCsvPieces(domain, overview.id, { from, to })) write(piece);
  });
}

export function surprisesCommand(name: string | undefined, opts: Opts & { threshold?: string; json?: boolean }): void {
  withContext(opts, (ctx) => {
    const { overview } = chooseAccount(ctx, name, opts);
    const { domain } = ctx;
    if (opts.threshold !== undefined) {
      const read = parsePounds(opts.threshold, { zero: true });
      if (!read.ok) throw new UsageError(`--threshold: ${read.problem}`);
      const pence = setUnexpectedChargeThreshold(domain, overview.id, Number(read.value));
      print(
        `"${plainText(overview.name)}": a fall of more than ${formatPounds(pence)} beyond the projection is an unexpected charge`,
      );
      return;
    }
    if (overview.kind === 'local')
      throw new CliError(
        `"${overview.name}" is kept in this app: its ledger is the truth, there is no projection to compare with`,
      );
    const wall = (t: number): string => formatLocal(t, domain.timeZone);
    for (const s of surprisesOf(domain.store, overview.id, 0, domain.nowSeconds())) {
      const since = s.since === null ? null : wall(s.since);
      const at = wall(s.at);
      print(
        opts.json === true
          ? JSON.stringify({ kind: s.kind, amount: s.amount, since, at, balance: s.balance, expected: s.expected })
          : `${at}\t${surpriseWords({ kind: s.kind, amount: s.amount, since, at })}`,
      );
    }
  });
}
