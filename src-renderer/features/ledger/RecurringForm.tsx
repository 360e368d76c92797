// Add a recurring charge: an amount per day, week, month or year from a start, optional end.
import { useState, type SyntheticEvent } from 'react';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { CHARGE_PERIODS, type ChargePeriod } from '../../../src-shared/vocabulary.ts';
import { PoundsField } from '../../components/PoundsField.tsx';
import { WhenField } from '../../components/WhenField.tsx';
import { useAddRecurring } from '../../data/writes.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { messageOf } from '../../lib/hooks.ts';
import { currentDateOrder } from '../../preferences.ts';
import { recurringRequest, type RecurringForm as Form } from './ledger-forms.ts';

const EMPTY: Form = { amount: '', every: 'month', from: 'today', until: '', note: '' };

export function RecurringForm() {
  const add = useAddRecurring();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const [failedOnAmount, setFailedOnAmount] = useState(0);

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    setOutcome(undefined);
    const checked = recurringRequest(form);
    if (!checked.ok) {
      setErrors(checked.fields);
      if (checked.fields.amount !== undefined) setFailedOnAmount((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await add.mutateAsync({ ...checked.value, dateOrder: currentDateOrder() });
      setOutcome({
        ok: true,
        text: `Added: ${formatPounds(r.amount)} every ${r.every} from ${formatDateTime(r.from.datetime)}.`,
      });
      setForm(EMPTY);
    } catch (error) {
      setOutcome({ ok: false, text: `Not added: ${messageOf(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card"
      onSubmit={(e) => {
        void submit(e);
      }}
      noValidate
    >
      <h3 id="add-recurring-title">Add a recurring charge</h3>
      <div className="field-row">
        <PoundsField
          id="recurring-amount"
          label="Charge per period (£)"
          value={form.amount}
          onChange={(amount) => {
            setForm({ ...form, amount });
          }}
          error={errors.amount}
          focusOnError={failedOnAmount}
          hint="In pounds, e.g. 9.99."
        />
        <div className="field">
          <label htmlFor="recurring-every">Every</label>
          <select
            id="recurring-every"
            value={form.every}
            onChange={(e) => {
              setForm({ ...form, every: e.target.value as ChargePeriod });
            }}
          >
            {CHARGE_PERIODS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
      </div>
      <WhenField
        id="recurring-from"
        label="Starting"
        value={form.from}
        onChange={(from) => {
          setForm({ ...form, from });
        }}
        error={errors.from}
      />
      <WhenField
        id="recurring-until"
        label="Ending (optional)"
        value={form.until}
        onChange={(until) => {
          setForm({ ...form, until });
        }}
        optional
      />
      <div className="field">
        <label htmlFor="recurring-note">Description (optional)</label>
        <input
          id="recurring-note"
          type="text"
          autoComplete="off"
          value={form.note ?? ''}
          placeholder="Web hosting"
          onChange={(e) => {
            setForm({ ...form, note: e.target.value });
          }}
        />
      </div>
      <button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add recurring charge'}
      </button>
      <p role="status" className={outcome?.ok === false ? 'field-error' : 'saved'}>
        {outcome?.text}
      </p>
    </form>
  );
}
