// How the ledger's kinds and periods are said and offered in the window (the ledger's forms and
// list, the CSV import's preview), and an entry in a sentence. The closed lists themselves are
// the contract's (src-shared/vocabulary.ts).
import type { LedgerEntry } from '../../src-shared/app-api.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import type { ChargePeriod, EntryKind } from '../../src-shared/vocabulary.ts';
import { formatDateTime } from './datetime.ts';

/** The order the window offers the kinds in (the contract lists them in its own order). */
export const ENTRY_KIND_CHOICES: readonly EntryKind[] = ['topup', 'charge', 'refund', 'adjustment'];

export const KIND_LABELS: Record<EntryKind, string> = {
  topup: 'Top-up',
  charge: 'Charge',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

/** A charge's period in a sentence: "£30.00 a month". */
export const PERIOD_WORDS: Record<ChargePeriod, string> = {
  day: 'a day',
  week: 'a week',
  month: 'a month',
  year: 'a year',
};

export const kindWord = (kind: EntryKind): string => KIND_LABELS[kind].toLowerCase();

/** "top-up of £25.00 on Sun 22 Nov 2026 10:35:00 (card)" */
export const describeEntry = (e: LedgerEntry): string =>
  `${kindWord(e.kind)} of ${formatPounds(e.signedAmount)} on ${formatDateTime(e.datetime)}${e.note === '' ? '' : ` (${e.note})`}`;
