// Add a top-up, charge, refund or adjustment, dated with any phrase.
import { useState, type SyntheticEvent } from 'react';
import { messageOf, useApp } from '../hooks.ts';
import { currentDateOrder } from '../preferences.ts';
import { FieldError } from '../components/Notice.tsx';
import { WhenField } from '../components/WhenField.tsx';
import { PoundsField } from '../components/PoundsField.tsx';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { formatDateTime } from '../lib/datetime.ts';
import type { EntryKind } from '../../src-shared/vocabulary.ts';
import { ENTRY_KIND_CHOICES, KIND_LABELS, validateEntry, type EntryForm as Form, type Errors } from '../lib/validation.ts';

const EMPTY: Form = { kind: 'topup', amount: '', at: 'now', note: '' };

export function EntryForm({ added }: { added: () => void }) {
  const { api } = useApp();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Errors<'amount' | 'at' | 'note'>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const [failedOnAmount, setFailedOnAmount] = useState(0);
  const label = KIND_LABELS[form.kind];

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    setOutcome(undefined);
    const checked = validateEntry(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.errors.amount !== undefined) setFailedOnAmount((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const entry = await api.addEntry({ ...checked.value, dateOrder: currentDateOrder() });
      setOutcome({ ok: true, text: `Added: ${label.toLowerCase()} of ${formatPounds(entry.amount)} on ${formatDateTime(entry.datetime)}.` });
      setForm({ ...EMPTY, kind: form.kind });
      added();
    } catch (error) {
      setOutcome({ ok: false, text: `Not added: ${messageOf(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" onSubmit={(e) => { void submit(e); }} noValidate>
      <h3 id="add-entry-title">Add a top-up or charge</h3>
      <div className="field">
        <label htmlFor="entry-kind">Kind</label>
        <select id="entry-kind" value={form.kind} onChange={(e) => { setForm({ ...form, kind: e.target.value as EntryKind }); }}>
          {ENTRY_KIND_CHOICES.map((k) => <option key={k} value={k}>{KIND_LABELS[k]}</option>)}
        </select>
      </div>
      <PoundsField id="entry-amount" label="Amount (£)" value={form.amount} onChange={(amount) => { setForm({ ...form, amount }); }} error={errors.amount}
        rules={{ signed: form.kind === 'adjustment' }} focusOnError={failedOnAmount}
        hint={form.kind === 'adjustment' ? 'In pounds, with a minus sign to take away: -5.25.' : 'In pounds, e.g. 25, 25.00 or £1,250.50.'} />
      <WhenField id="entry-at" label="Date and time" value={form.at} onChange={(at) => { setForm({ ...form, at }); }} error={errors.at} />
      <div className="field">
        <label htmlFor="entry-note">Note</label>
        <input id="entry-note" type="text" autoComplete="off" value={form.note} onChange={(e) => { setForm({ ...form, note: e.target.value }); }} />
        <FieldError id="entry-note-error" message={errors.note} />
      </div>
      <button type="submit" className="primary" disabled={busy}>{busy ? 'Adding…' : `Add ${label.toLowerCase()}`}</button>
      <p role="status" className={outcome?.ok === false ? 'field-error' : 'saved'}>{outcome?.text}</p>
    </form>
  );
}
