// The form that changes the notification settings: the warning (its level in pounds), the usage
// summaries and the disk and bandwidth alerts, checked by the service's own rules before saving.
import { useState, type SyntheticEvent } from 'react';
import type { Settings } from '../../../src-shared/app-api.ts';
import { penceToPoundsText } from '../../../src-shared/money/parse-pounds.ts';
import { ALERT_LEVELS } from '../../../src-shared/vocabulary.ts';
import { PoundsField } from '../../components/PoundsField.tsx';
import { useSaveSettings } from '../../data/writes.ts';
import { messageOf } from '../../lib/hooks.ts';
import { Choices } from './Choices.tsx';
import { settingsRequest, SUMMARY_CHOICES, type SettingsForm } from './settings-form.ts';

export function SettingsEditor({
  initial,
  saved,
  note,
}: {
  initial: Settings;
  saved: () => void;
  note: string | undefined;
}) {
  const save = useSaveSettings();
  const [form, setForm] = useState<SettingsForm>({
    warningEnabled: initial.warningEnabled,
    warningLevel: initial.warningLevel === null ? '' : penceToPoundsText(initial.warningLevel),
    summary: initial.summary,
    disk: initial.disk,
    bandwidth: initial.bandwidth,
  });
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<{ ok: false; text: string }>();
  const [busy, setBusy] = useState(false);
  const [failedOnLevel, setFailedOnLevel] = useState(0);

  const toggle = <K extends 'summary' | 'disk' | 'bandwidth'>(field: K, value: SettingsForm[K][number]) => {
    setForm((f) => {
      const values = f[field] as (string | number)[];
      const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
      return { ...f, [field]: next };
    });
  };

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    setOutcome(undefined);
    const checked = settingsRequest(form);
    if (!checked.ok) {
      setError(checked.fields.warningLevel ?? checked.problem);
      setFailedOnLevel((n) => n + 1);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await save.mutateAsync(checked.value);
      saved();
    } catch (err) {
      setOutcome({ ok: false, text: `Not saved: ${messageOf(err)}` });
    } finally {
      // Saved settings usually draw a new form (its key is the settings); the same ones do not.
      setBusy(false);
    }
  };

  return (
    <form
      className="card settings-form"
      onSubmit={(e) => {
        void submit(e);
      }}
      noValidate
    >
      <h3 id="settings-edit-title">Change settings</h3>
      <fieldset>
        <legend>Low-balance warning</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={form.warningEnabled}
            onChange={(e) => {
              setForm({ ...form, warningEnabled: e.target.checked });
            }}
          />{' '}
          Warning enabled
        </label>
        <PoundsField
          id="warning-level"
          label="Warning level (£)"
          value={form.warningLevel}
          onChange={(warningLevel) => {
            setForm({ ...form, warningLevel });
          }}
          error={error}
          rules={{ zero: true }}
          focusOnError={failedOnLevel}
          hint="In pounds, e.g. 10 for £10.00. Leave empty for no level."
        />
      </fieldset>
      <Choices
        legend="Usage summary reports"
        choices={SUMMARY_CHOICES}
        chosen={form.summary}
        label={(p) => `${p.charAt(0).toUpperCase()}${p.slice(1)} summary`}
        toggle={(p) => {
          toggle('summary', p);
        }}
      />
      <Choices
        legend="Disk usage alerts"
        choices={ALERT_LEVELS}
        chosen={form.disk}
        label={(t) => `Disk ${t}%`}
        toggle={(t) => {
          toggle('disk', t);
        }}
      />
      <Choices
        legend="Bandwidth usage alerts"
        choices={ALERT_LEVELS}
        chosen={form.bandwidth}
        label={(t) => `Bandwidth ${t}%`}
        toggle={(t) => {
          toggle('bandwidth', t);
        }}
      />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save settings'}
      </button>
      <p role="status" className={outcome?.ok === false ? 'field-error' : 'saved'}>
        {outcome?.text ?? note}
      </p>
    </form>
  );
}
