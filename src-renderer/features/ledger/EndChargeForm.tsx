// Ends a recurring charge from a date on: the balances up to that date stay as they are (deleting
// the charge is what rewrites them). The date is any phrase, shown as understood before saving.
import { useId } from 'react';
import type { RecurringCharge } from '../../../src-shared/app-api.ts';
import { EndRecurringRequest } from '../../../src-shared/app-requests.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { WhenField } from '../../components/WhenField.tsx';
import { useEndRecurring } from '../../data/writes.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { checkForm } from '../../lib/form-check.ts';
import { messageOf } from '../../lib/hooks.ts';
import { useForm } from '../../lib/use-form.ts';
import { currentDateOrder } from '../../preferences.ts';
import { PERIOD_WORDS } from '../../lib/ledger-words.ts';

export function EndChargeForm({
  charge,
  done,
  cancel,
  titleId: givenTitleId,
}: {
  charge: RecurringCharge;
  done: (said: string) => void;
  cancel: () => void;
  titleId?: string;
}) {
  const end = useEndRecurring();
  // The field is where the problem is: a refusal, the service's too, is said next to it.
  const form = useForm({
    initial: { at: '' },
    check: ({ at }) => {
      const checked = checkForm<EndRecurringRequest, 'at'>(EndRecurringRequest, {
        at: at.trim(),
        dateOrder: currentDateOrder(),
      });
      return checked.ok ? checked : { ...checked, fields: { at: checked.fields.at ?? checked.problem } };
    },
    send: async (body) => {
      const ended = await end.mutateAsync({ id: charge.id, body });
      done(
        `Ended: the charge of ${formatPounds(ended.amount)} ${PERIOD_WORDS[ended.every]} stops on ${ended.until ? formatDateTime(ended.until.datetime) : 'no date'}.`,
      );
      return undefined;
    },
    refused: (error) => ({ field: 'at', text: messageOf(error) }),
  });
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;

  return (
    <form className="edit-form" {...form.props} aria-labelledby={titleId}>
      <h2 id={titleId}>End this recurring charge</h2>
      <p>
        The charge of {formatPounds(charge.amount)} {PERIOD_WORDS[charge.every]}
        {charge.note === '' ? '' : ` (${charge.note})`} stops at the date you give. Balances up to then stay as they
        are; after it, nothing more is charged.
      </p>
      <WhenField id="end-at" label="Stops on" {...form.field('at')} />
      <div className="dialog-buttons">
        <button type="button" onClick={cancel}>
          Cancel
        </button>
        <button type="submit" className="danger" disabled={form.busy}>
          {form.busy ? 'Ending…' : 'End charge'}
        </button>
      </div>
    </form>
  );
}
