// A connected account's history leaves with the user: every stored check (and every change of
// outcome a forwarded request saw) as CSV, oldest first, with what each check found against the
// provider's projection. One row per observation:
//   checked_at        this machine's wall time in the configured zone (with its UTC offset in the
//                     hour the clocks go back through, as the ledger export writes instants)
//   source            connect, check or request
//   outcome           ok, or the error code (provider_unreachable, provider_timeout, ...)
//   provider_datetime the provider's own datetime for the balance, as it wrote it
//   balance           pence, as the provider wrote it
//   expected_balance  what the balance would have been had nothing unprojected happened
//   unexpected_change pence the provider's balance moved beyond its projection (negative: more
//                     went than projected; positive: more came in)
//   surprise          unexpected_charge, top_up, or empty
//   message           what went wrong, in words
// Cells are empty where a check made no comparison (its provider had nothing projected yet).
// Made a page at a time, like the ledger export, so memory stays flat.
import { stringify } from 'csv-stringify/sync';
import { noteForExport, QUOTE_PADDED } from '../../src-shared/csv-notes.ts';
import { formatRational, parseExactPence, sub } from '../../src-shared/money/decimal.ts';
import type { ComparedObservation } from '../store/index.ts';
import type { AccountDomain } from './account-domain.ts';
import { csvInstant } from './csv-export.ts';
import { DomainError } from './errors.ts';

export const OBSERVATION_COLUMNS = [
  'checked_at',
  'source',
  'outcome',
  'provider_datetime',
  'balance',
  'expected_balance',
  'unexpected_change',
  'surprise',
  'message',
] as const;

function row({ observation: o, comparison: c }: ComparedObservation, timeZone: string): string[] {
  const compared = o.balance !== null && c?.projected != null && c.reported !== null ? c : undefined;
  const change =
    compared === undefined
      ? undefined
      : sub(parseExactPence(compared.reported ?? '0'), parseExactPence(compared.projected ?? '0'));
  return [
    csvInstant(o.at, timeZone),
    o.source,
    o.outcome,
    o.providerDatetime ?? '',
    o.balance ?? '',
    change === undefined || o.balance === null ? '' : formatRational(sub(parseExactPence(o.balance), change), 10),
    change === undefined ? '' : formatRational(change, 10),
    c?.surprise ?? '',
    noteForExport(o.message ?? ''),
  ];
}

/**
 * The CSV in pieces (header first). Refused at once, before any piece, for an account kept in this
 * app, which has no checks.
 */
export function observationsCsvPieces(
  domain: AccountDomain,
  accountId: number,
  range: { from: number; to: number },
): Generator<string> {
  const account = domain.store.accounts.account(accountId);
  if (account?.kind !== 'remote')
    throw new DomainError(
      'conflict',
      'this account is kept in this app, not at a provider: it has no checks to export (export its ledger instead)',
    );
  return pieces(domain, accountId, range);
}

function* pieces(domain: AccountDomain, accountId: number, range: { from: number; to: number }): Generator<string> {
  yield stringify([[...OBSERVATION_COLUMNS]]);
  let after = { at: range.from - 1, id: Number.MAX_SAFE_INTEGER };
  for (;;) {
    const rows = domain.store.comparisons.page(accountId, after, range.to);
    if (rows.length === 0) return;
    yield stringify(
      rows.map((r) => row(r, domain.timeZone)),
      { quoted_match: QUOTE_PADDED },
    );
    const last = rows.at(-1)?.observation;
    if (last === undefined || rows.length < 2000) return;
    after = { at: last.at, id: last.id };
  }
}
