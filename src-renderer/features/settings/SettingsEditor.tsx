// The form that changes the notification settings: the warning (its level in pounds), the usage
// summaries and the disk and bandwidth alerts, checked by the service's own rules before saving.
import type { Settings } from '../../../src-shared/app-api.ts';
import { ALERT_LEVELS } from '../../../src-shared/vocabulary.ts';
import { FormStatus } from '../../components/Field.tsx';
import { PoundsField } from '../../components/PoundsField.tsx';
import { useSaveSettings } from '../../data/writes.ts';
import { messageOf } from '../../lib/hooks.ts';
import { useForm } from '../../lib/use-form.ts';
import { Choices } from './Choices.tsx';
import { settingsFormOf, settingsRequest, SUMMARY_CHOICES, toggled } from './settings-form.ts';

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
  // Saved settings draw a new form (its key is the settings): the note saying so is the parent's.
  const form = useForm({
    initial: () => settingsFormOf(initial),
    check: settingsRequest,
    send: async (body) => {
      await save.mutateAsync(body);
      saved();
      return undefined;
    },
    refused: (error) => ({ text: `Not saved: ${messageOf(error)}` }),
  });
  const { values, set } = form;

  return (
    <form className="card settings-form" {...form.props}>
      <h3 id="settings-edit-title">Change settings</h3>
      <fieldset>
        <legend>Low-balance warning</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={values.warningEnabled}
            onChange={(e) => {
              set('warningEnabled', e.target.checked);
            }}
          />{' '}
          Warning enabled
        </label>
        <PoundsField
          id="warning-level"
          label="Warning level (£)"
          {...form.field('warningLevel')}
          rules={{ zero: true }}
          hint="In pounds, e.g. 10 for £10.00. Leave empty for no level."
        />
      </fieldset>
      <Choices
        legend="Usage summary reports"
        choices={SUMMARY_CHOICES}
        chosen={values.summary}
        label={(p) => `${p.charAt(0).toUpperCase()}${p.slice(1)} summary`}
        toggle={(p) => {
          set('summary', toggled(values.summary, p));
        }}
      />
      <Choices
        legend="Disk usage alerts"
        choices={ALERT_LEVELS}
        chosen={values.disk}
        label={(t) => `Disk ${t}%`}
        toggle={(t) => {
          set('disk', toggled(values.disk, t));
        }}
      />
      <Choices
        legend="Bandwidth usage alerts"
        choices={ALERT_LEVELS}
        chosen={values.bandwidth}
        label={(t) => `Bandwidth ${t}%`}
        toggle={(t) => {
          set('bandwidth', toggled(values.bandwidth, t));
        }}
      />
      <button type="submit" className="primary" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save settings'}
      </button>
      <FormStatus outcome={form.outcome} otherwise={note} />
    </form>
  );
}
