// Add a top-up, charge, refund or adjustment, dated with any phrase; or, given an entry, change it.
import { useId, useState, type SyntheticEvent } from 'react';
import type { LedgerEntry } from '../../../src-shared/app-api.ts';
import { penceToPoundsText } from '../../../src-shared/money/parse-pounds.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import type { EntryKind } from '../../../src-shared/vocabulary.ts';
import { FieldError } from '../../components/Notice.tsx';
import { PoundsField } from '../../components/PoundsField.tsx';
import { WhenField } from '../../components/WhenField.tsx';
import { useAddEntry, useEditEntry } from '../../data/writes.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { messageOf } from '../../lib/hooks.ts';
import { currentDateOrder } from '../../preferences.ts';
import { entryRequest, type EntryForm as Form } from './ledger-forms.ts';
import { ENTRY_KIND_CHOICES, KIND_LABELS } from './ledger-words.ts';

const EMPTY: Form = { kind: 'topup', amount: '', at: 'now', note: '' };

/** Whole pence show as pounds to edit; an amount with a fraction of a penny (from an import) as it is stored. */
function formOf(e: LedgerEntry): Form {
  const whole = /^-?\d+$/.test(e.amount);
  return {
    kind: e.kind,
    amount: whole ? penceToPoundsText(BigInt(e.amount)) : `${e.amount}p`,
    at: e.datetime,
    note: e.note,
  };
}

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
  const start = entry === undefined ? EMPTY : formOf(entry);
  const [form, setForm] = useState<Form>(start);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const [failedOnAmount, setFailedOnAmount] = useState(0);
  const prefix = editing ? 'edit' : 'entry';
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;
  const label = KIND_LABELS[form.kind];
  const kept =
    entry === undefined || /^-?\d+$/.test(entry.amount) ? undefined : { text: start.amount, pence: entry.amount };

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    setOutcome(undefined);
    // An amount with a fraction of a penny cannot be typed in pounds; left as it was, it is kept.
    const keptAmount = kept !== undefined && form.amount === kept.text;
    const checked = entryRequest(form, keptAmount ? kept.pence : undefined);
    if (!checked.ok) {
      setErrors(checked.fields);
      if (checked.fields.amount !== undefined) setFailedOnAmount((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    const body = { ...checked.value, dateOrder: currentDateOrder() };
    try {
      const saved = entry === undefined ? await add.mutateAsync(body) : await edit.mutateAsync({ id: entry.id, body });
      const what = `${KIND_LABELS[saved.kind].toLowerCase()} of ${formatPounds(saved.amount)} on ${formatDateTime(saved.datetime)}`;
      setOutcome({ ok: true, text: editing ? `Saved: ${what}.` : `Added: ${what}.` });
      if (!editing) setForm({ ...EMPTY, kind: form.kind });
      done?.(saved);
    } catch (error) {
      setOutcome({ ok: false, text: `${editing ? 'Not saved' : 'Not added'}: ${messageOf(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={editing ? 'edit-form' : 'card'}
      onSubmit={(e) => {
        void submit(e);
      }}
      noValidate
      aria-labelledby={titleId}
    >
      {editing ? <h2 id={titleId}>Edit this entry</h2> : <h3 id={titleId}>Add a top-up or charge</h3>}
      <div className="field">
        <label htmlFor={`${prefix}-kind`}>Kind</label>
        <select
          id={`${prefix}-kind`}
          value={form.kind}
          onChange={(e) => {
            setForm({ ...form, kind: e.target.value as EntryKind });
          }}
        >
          {ENTRY_KIND_CHOICES.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <PoundsField
        id={`${prefix}-amount`}
        label="Amount (£)"
        value={form.amount}
        onChange={(amount) => {
          setForm({ ...form, amount });
        }}
        error={errors.amount}
        rules={{ signed: form.kind === 'adjustment' }}
        focusOnError={failedOnAmount}
        kept={kept}
        hint={
          form.kind === 'adjustment'
            ? 'In pounds, with a minus sign to take away: -5.25.'
            : 'In pounds, e.g. 25, 25.00 or £1,250.50.'
        }
      />
      <WhenField
        id={`${prefix}-at`}
        label="Date and time"
        value={form.at}
        onChange={(at) => {
          setForm({ ...form, at });
        }}
        error={errors.at}
      />
      <div className="field">
        <label htmlFor={`${prefix}-note`}>Note</label>
        <input
          id={`${prefix}-note`}
          type="text"
          autoComplete="off"
          value={form.note}
          onChange={(e) => {
            setForm({ ...form, note: e.target.value });
          }}
        />
        <FieldError id={`${prefix}-note-error`} message={errors.note} />
      </div>
      {editing && (
        <p className="muted small">Balances from the earlier of the old and new dates on change by the difference.</p>
      )}
      {editing ? (
        <div className="dialog-buttons">
          <button type="button" onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      ) : (
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Adding…' : `Add ${label.toLowerCase()}`}
        </button>
      )}
      <p role="status" className={outcome?.ok === false ? 'field-error' : 'saved'}>
        {outcome?.text}
      </p>
    </form>
  );
}
