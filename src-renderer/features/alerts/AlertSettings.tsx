// "Alert settings": the monitor's app-wide preferences (every account's alerts): quiet hours, in
// which alerts are stored and listed but not pushed unless urgent, how many days ahead a
// forecast crossing raises an alert, and how often an account still below its level is
// reminded. Saved with PUT /app/preferences; errors by their field.
import { useState, type SyntheticEvent } from 'react';
import type { MonitorPreferences } from '../../../src-shared/app-api.ts';
import { FORECAST_DAYS, REMINDER_CHOICES, type Reminders } from '../../../src-shared/quiet-hours.ts';
import { Notice } from '../../components/Notice.tsx';
import { messageOf } from '../../lib/hooks.ts';
import { usePreferences, useSavePreferences } from './alert-data.ts';
import { checkPreferences, fieldOf, formOf, type PreferencesField, type PreferencesForm } from './preferences-form.ts';

const REMINDER_WORDS: Record<Reminders, string> = { never: 'Never', daily: 'Once a day', weekly: 'Once a week' };

export function AlertSettings() {
  const preferences = usePreferences();
  // Kept here: a save draws a new form (its key is the saved preferences).
  const [note, setNote] = useState<string>();
  return (
    <div className="card alert-settings">
      <h3 id="alert-settings-title">Alert settings</h3>
      {preferences.error && (
        <Notice tone="error" title="Could not read the alert settings" headingLevel={3}>
          <p>{preferences.error.message}</p>
        </Notice>
      )}
      {preferences.data && (
        <PreferencesEditor
          key={JSON.stringify(preferences.data)}
          current={preferences.data}
          note={note}
          setNote={setNote}
        />
      )}
    </div>
  );
}

function PreferencesEditor({
  current,
  note,
  setNote,
}: {
  current: MonitorPreferences;
  note: string | undefined;
  setNote: (note: string | undefined) => void;
}) {
  const save = useSavePreferences();
  const [form, setForm] = useState<PreferencesForm>(() => formOf(current));
  const [error, setError] = useState<{ field: PreferencesField; problem: string }>();

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    setNote(undefined);
    const checked = checkPreferences(form, current);
    if (!checked.ok) {
      setError(checked);
      document.getElementById(`preferences-${checked.field}`)?.focus();
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(checked.value);
      setNote('Saved.');
    } catch (err) {
      const problem = messageOf(err);
      setError({ field: fieldOf(problem), problem: `Not saved: ${problem}` });
    }
  };

  const field = (name: PreferencesField, label: string, type: string, hint: string) => {
    const wrong = error?.field === name;
    return (
      <div className="field">
        <label htmlFor={`preferences-${name}`}>{label}</label>
        <input
          id={`preferences-${name}`}
          type={type}
          value={form[name]}
          aria-invalid={wrong}
          aria-describedby={`preferences-${name}-hint${wrong ? ` preferences-${name}-error` : ''}`}
          onChange={(e) => {
            setForm({ ...form, [name]: e.target.value });
          }}
          {...(type === 'number' ? { min: FORECAST_DAYS.min, max: FORECAST_DAYS.max, step: 1 } : {})}
        />
        <span id={`preferences-${name}-hint`} className="muted small">
          {hint}
        </span>
        {wrong && (
          <span id={`preferences-${name}-error`} className="field-error" role="alert">
            {error.problem}
          </span>
        )}
      </div>
    );
  };

  return (
    <form
      aria-labelledby="alert-settings-title"
      onSubmit={(e) => {
        void submit(e);
      }}
      noValidate
    >
      <fieldset>
        <legend>Quiet hours</legend>
        <p className="muted small">
          Alerts raised in quiet hours are kept and listed here but not pushed (notifications, webhook), unless urgent:
          below zero, or forecast to reach zero within 24 hours. Times are in the app&apos;s zone.
        </p>
        <label className="check">
          <input
            type="checkbox"
            checked={form.quietEnabled}
            onChange={(e) => {
              setForm({ ...form, quietEnabled: e.target.checked });
            }}
          />{' '}
          Quiet hours on
        </label>
        {field('from', 'From', 'time', '24-hour time, such as 22:00')}
        {field('to', 'To', 'time', 'Earlier than the start: the quiet spans midnight')}
      </fieldset>
      {field(
        'forecastDays',
        'Warn of a forecast fall within (days)',
        'number',
        `Warn when the balance is forecast to fall below the level within this many days (${FORECAST_DAYS.min} to ${FORECAST_DAYS.max}).`,
      )}
      <div className="field">
        <label htmlFor="preferences-reminders">Remind me while a balance stays low</label>
        <select
          id="preferences-reminders"
          value={form.reminders}
          aria-describedby="preferences-reminders-hint"
          onChange={(e) => {
            setForm({ ...form, reminders: e.target.value as Reminders });
          }}
        >
          {REMINDER_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {REMINDER_WORDS[choice]}
            </option>
          ))}
        </select>
        <span id="preferences-reminders-hint" className="muted small">
          At the end of quiet hours ({form.to || '08:00'}), even when they are off. Snooze an account from its alert
          below; a worse state always alerts at once.
        </span>
      </div>
      <button type="submit" className="primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save alert settings'}
      </button>
      <p role="status" className="saved">
        {note}
      </p>
    </form>
  );
}
