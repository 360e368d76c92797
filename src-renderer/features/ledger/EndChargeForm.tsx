// Ends a recurring charge from a date on: the balances up to that date stay as they are (deleting
// the charge is what rewrites them). The date is any phrase, shown as understood before saving.
import { useId, useState, type SyntheticEvent } from 'react';
import type { RecurringCharge } from '../../../src-shared/app-api.ts';
import { EndRecurringRequest } from '../../../src-shared/app-requests.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { WhenField } from '../../components/WhenField.tsx';
import { useEndRecurring } from '../../data/writes.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { checkForm } from '../../lib/form-check.ts';
import { messageOf } from '../../lib/hooks.ts';
import { currentDateOrder } from '../../preferences.ts';
import { PERIOD_WORDS } from './ledger-words.ts';

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
  const [at, setAt] = useState('');
  const [error, setError] = useState<string>();
  const [failed, setFailed] = useState(0);
  const [busy, setBusy] = useState(false);
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    const checked = checkForm(EndRecurringRequest, { at: at.trim(), dateOrder: currentDateOrder() });
    if (!checked.ok) {
      setError(checked.problem);
      setFailed((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const ended = await end.mutateAsync({ id: charge.id, body: checked.value });
      done(
        `Ended: the charge of ${formatPounds(ended.amount)} ${PERIOD_WORDS[ended.every]} stops on ${ended.until ? formatDateTime(ended.until.datetime) : 'no date'}.`,
      );
    } catch (err) {
      setError(messageOf(err));
      setFailed((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="edit-form"
      onSubmit={(e) => {
        void submit(e);
      }}
      noValidate
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>End this recurring charge</h2>
      <p>
        The charge of {formatPounds(charge.amount)} {PERIOD_WORDS[charge.every]}
        {charge.note === '' ? '' : ` (${charge.note})`} stops at the date you give. Balances up to then stay as they
        are; after it, nothing more is charged.
      </p>
      {/* The field is where the problem is: the focus goes back to it after each refusal. */}
      <WhenField
        id="end-at"
        label="Stops on"
        value={at}
        onChange={(v) => {
          setAt(v);
          setError(undefined);
        }}
        error={error}
        focusOnError={failed}
      />
      <div className="dialog-buttons">
        <button type="button" onClick={cancel}>
          Cancel
        </button>
        <button type="submit" className="danger" disabled={busy}>
          {busy ? 'Ending…' : 'End charge'}
        </button>
      </div>
    </form>
  );
}
