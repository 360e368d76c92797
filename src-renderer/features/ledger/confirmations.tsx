// What the ledger asks before deleting: what goes, what changes, whether it can be undone.
import type { LedgerEntry, RecurringCharge } from '../../../src-shared/app-api.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import type { ConfirmRequest } from '../../components/ConfirmDialog.tsx';
import { formatDateTime } from '../../lib/datetime.ts';
import { describeEntry, kindWord, PERIOD_WORDS } from '../../lib/ledger-words.ts';
import { UNDO_SECONDS } from './news.tsx';

export function deleteEntryRequest(e: LedgerEntry, onConfirm: () => void): ConfirmRequest {
  return {
    title: `Delete this ${kindWord(e.kind)}?`,
    body: (
      <p>
        The {describeEntry(e)} is removed from the ledger, and every balance from then on changes by that amount. You
        can undo it for {UNDO_SECONDS} seconds afterwards.
      </p>
    ),
    confirm: `Delete ${kindWord(e.kind)}`,
    onConfirm,
  };
}

export function deleteChargeRequest(r: RecurringCharge, onConfirm: () => void): ConfirmRequest {
  return {
    title: 'Delete this recurring charge?',
    body: (
      <p>
        The charge of {formatPounds(r.amount)} {PERIOD_WORDS[r.every]}
        {r.note === '' ? '' : ` (${r.note})`} is removed as if it had never been set up: balances since{' '}
        {formatDateTime(r.from.datetime)}, past ones included, are worked out again without it. This cannot be undone.
        To stop it from now on and keep the past as it is, use End instead.
      </p>
    ),
    confirm: 'Delete charge',
    onConfirm,
  };
}
