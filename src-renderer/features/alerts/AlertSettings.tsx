// "Alert settings": the monitor's app-wide preferences (every account's alerts): quiet hours, in
// which alerts are stored and listed but not pushed unless urgent, how many days ahead a
// forecast crossing raises an alert, and how often an account still below its level is
// reminded. Saved with PUT /app/preferences; errors by their field.
import { useState } from 'react';
import type { MonitorPreferences } from '../../../src-shared/app-api.ts';
import { FORECAST_DAYS, REMINDER_CHOICES, type Reminders } from '../../../src-shared/quiet-hours.ts';
import { FormStatus, TextField } from '../../components/Field.tsx';
import { Notice } from '../../components/Notice.tsx';
import { messageOf } from '../../lib/hooks.ts';
import { useForm } from '../../lib/use-form.ts';
import { usePreferences, useSavePreferences } from './alert-data.ts';
import { checkPreferences, fieldOf, formOf } from './preferences-form.ts';

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
  const form = useForm({
    initial: () => formOf(current),
    check: (typed) => {
      // Each submit starts afresh: the last save's note goes.
      setNote(undefined);
      return checkPreferences(typed, current);
    },
    send: async (body) => {
      await save.mutateAsync(body);
      setNote('Saved.');
      return undefined;
    },
    // The service's refusal is the same rule's: next to the field it names.
    refused: (error) => ({ field: fieldOf(messageOf(error)), text: `Not saved: ${messageOf(error)}` }),
  });
  const { values, set } = form;

  return (
    <form aria-labelledby="alert-settings-title" {...form.props}>
      <fieldset>
        <legend>Quiet hours</legend>
        <p className="muted small">
          Alerts raised in quiet hours are kept and listed here but not pushed (notifications, webhook), unless urgent:
          below zero, or forecast to reach zero within 24 hours. Times are in the app&apos;s zone.
        </p>
        <label className="check">
          <input
            type="checkbox"
            checked={values.quietEnabled}
            onChange={(e) => {
              set('quietEnabled', e.target.checked);
            }}
          />{' '}
          Quiet hours on
        </label>
        <TextField
          id="preferences-from"
          label="From"
          type="time"
          hint="24-hour time, such as 22:00"
          {...form.field('from')}
        />
        <TextField
          id="preferences-to"
          label="To"
          type="time"
          hint="Earlier than the start: the quiet spans midnight"
          {...form.field('to')}
        />
      </fieldset>
      <TextField
        id="preferences-forecastDays"
        label="Warn of a forecast fall within (days)"
        type="number"
        min={FORECAST_DAYS.min}
        max={FORECAST_DAYS.max}
        step={1}
        hint={`Warn when the balance is forecast to fall below the level within this many days (${FORECAST_DAYS.min} to ${FORECAST_DAYS.max}).`}
        {...form.field('forecastDays')}
      />
      <div className="field">
        <label htmlFor="preferences-reminders">Remind me while a balance stays low</label>
        <select
          id="preferences-reminders"
          value={values.reminders}
          aria-describedby="preferences-reminders-hint"
          onChange={(e) => {
            set('reminders', e.target.value as Reminders);
          }}
        >
          {REMINDER_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {REMINDER_WORDS[choice]}
            </option>
          ))}
        </select>
        <span id="preferences-reminders-hint" className="muted small">
          At the end of quiet hours ({values.to || '08:00'}), even when they are off. Snooze an account from its alert
          above; a worse state always alerts at once.
        </span>
      </div>
      <button type="submit" className="primary" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save alert settings'}
      </button>
      <FormStatus outcome={form.outcome} otherwise={note} />
    </form>
  );
}
