// Add a recurring charge: an amount per day, week, month or year from a start, optional end.
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { CHARGE_PERIODS, type ChargePeriod } from '../../../src-shared/vocabulary.ts';
import { Field, FormStatus, TextField } from '../../components/Field.tsx';
import { PoundsField } from '../../components/PoundsField.tsx';
import { WhenField } from '../../components/WhenField.tsx';
import { useAddRecurring } from '../../data/writes.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { messageOf } from '../../lib/hooks.ts';
import { useForm } from '../../lib/use-form.ts';
import { currentDateOrder } from '../../preferences.ts';
import { EMPTY_RECURRING, recurringRequest } from './ledger-forms.ts';

export function RecurringForm() {
  const add = useAddRecurring();
  const form = useForm({
    initial: EMPTY_RECURRING,
    check: recurringRequest,
    send: async (body) => {
      const r = await add.mutateAsync({ ...body, dateOrder: currentDateOrder() });
      return `Added: ${formatPounds(r.amount)} every ${r.every} from ${formatDateTime(r.from.datetime)}.`;
    },
    refused: (error) => ({ text: `Not added: ${messageOf(error)}` }),
    after: () => EMPTY_RECURRING,
  });

  return (
    <form className="card" {...form.props}>
      <h3 id="add-recurring-title">Add a recurring charge</h3>
      <div className="field-row">
        <PoundsField
          id="recurring-amount"
          label="Charge per period (£)"
          {...form.field('amount')}
          hint="In pounds, e.g. 9.99."
        />
        <Field id="recurring-every" label="Every">
          {(control) => (
            <select
              {...control}
              value={form.values.every}
              onChange={(e) => {
                form.set('every', e.target.value as ChargePeriod);
              }}
            >
              {CHARGE_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <WhenField id="recurring-from" label="Starting" {...form.field('from')} />
      <WhenField id="recurring-until" label="Ending (optional)" {...form.field('until')} optional />
      <TextField
        id="recurring-note"
        label="Description (optional)"
        placeholder="Web hosting"
        {...form.field('note')}
        value={form.values.note ?? ''}
      />
      <button type="submit" disabled={form.busy}>
        {form.busy ? 'Adding…' : 'Add recurring charge'}
      </button>
      <FormStatus outcome={form.outcome} />
    </form>
  );
}
