// Add a top-up, charge, refund or adjustment, dated with any phrase; or, given an entry, change it.
import { useId } from 'react';
import type { LedgerEntry } from '../../../src-shared/app-api.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import type { EntryKind } from '../../../src-shared/vocabulary.ts';
import { Field, FormStatus, TextField } from '../../components/Field.tsx';
import { PoundsField } from '../../components/PoundsField.tsx';
import { WhenField } from '../../components/WhenField.tsx';
import { useAddEntry, useEditEntry } from '../../data/writes.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { messageOf } from '../../lib/hooks.ts';
import { useForm } from '../../lib/use-form.ts';
import { currentDateOrder } from '../../preferences.ts';
import { EMPTY_ENTRY, entryFormOf, entryRequest, keptAmount } from './ledger-forms.ts';
import { ENTRY_KIND_CHOICES, KIND_LABELS } from '../../lib/ledger-words.ts';

export function EntryForm({
  done,
  entry,
  cancel,
  titleId: givenTitleId,
}: {
  done?: (saved: LedgerEntry) => void;
  entry?: LedgerEntry;
  cancel?: () => void;
  titleId?: string;
}) {
  const add = useAddEntry();
  const edit = useEditEntry();
  const editing = entry !== undefined;
  const kept = keptAmount(entry);
  const form = useForm({
    initial: () => (entry === undefined ? EMPTY_ENTRY : entryFormOf(entry)),
    // An amount with a fraction of a penny cannot be typed in pounds; left as it was, it is kept.
    check: (typed) => entryRequest(typed, kept !== undefined && typed.amount === kept.text ? kept.pence : undefined),
    send: async (checked) => {
      const body = { ...checked, dateOrder: currentDateOrder() };
      const saved = entry === undefined ? await add.mutateAsync(body) : await edit.mutateAsync({ id: entry.id, body });
      done?.(saved);
      const what = `${KIND_LABELS[saved.kind].toLowerCase()} of ${formatPounds(saved.amount)} on ${formatDateTime(saved.datetime)}`;
      return editing ? `Saved: ${what}.` : `Added: ${what}.`;
    },
    refused: (error) => ({ text: `${editing ? 'Not saved' : 'Not added'}: ${messageOf(error)}` }),
    after: (sent) => (editing ? sent : { ...EMPTY_ENTRY, kind: sent.kind }),
  });
  const { values, busy } = form;
  const prefix = editing ? 'edit' : 'entry';
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;
  const submitButton = (idle: string, working: string) => (
    <button type="submit" className="primary" disabled={busy}>
      {busy ? working : idle}
    </button>
  );

  return (
    <form className={editing ? 'edit-form' : 'card'} {...form.props} aria-labelledby={titleId}>
      {editing ? <h2 id={titleId}>Edit this entry</h2> : <h3 id={titleId}>Add a top-up or charge</h3>}
      <Field id={`${prefix}-kind`} label="Kind">
        {(control) => (
          <select
            {...control}
            value={values.kind}
            onChange={(e) => {
              form.set('kind', e.target.value as EntryKind);
            }}
          >
            {ENTRY_KIND_CHOICES.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <PoundsField
        id={`${prefix}-amount`}
        label="Amount (£)"
        {...form.field('amount')}
        rules={{ signed: values.kind === 'adjustment' }}
        kept={kept}
        hint={
          values.kind === 'adjustment'
            ? 'In pounds, with a minus sign to take away: -5.25.'
            : 'In pounds, e.g. 25, 25.00 or £1,250.50.'
        }
      />
      <WhenField id={`${prefix}-at`} label="Date and time" {...form.field('at')} />
      <TextField id={`${prefix}-note`} label="Note" {...form.field('note')} />
      {editing && (
        <p className="muted small">Balances from the earlier of the old and new dates on change by the difference.</p>
      )}
      {editing ? (
        <div className="dialog-buttons">
          <button type="button" onClick={cancel}>
            Cancel
          </button>
          {submitButton('Save changes', 'Saving…')}
        </div>
      ) : (
        submitButton(`Add ${KIND_LABELS[values.kind].toLowerCase()}`, 'Adding…')
      )}
      <FormStatus outcome={form.outcome} />
    </form>
  );
}
