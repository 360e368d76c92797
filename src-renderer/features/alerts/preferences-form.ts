// The alert settings form's check: its fields made into the PUT /app/preferences body and judged
// by the service's own rule (src-shared/quiet-hours.ts applyPreferences), so each field's words
// are the ones the service would answer, said before anything is sent. A refusal from the
// service (the same rule) is put next to the field it names.
import { refused, type Checked } from '../../../src-shared/checked.ts';
import { applyPreferences, type MonitorPreferences, type Reminders } from '../../../src-shared/quiet-hours.ts';

export interface PreferencesForm {
  quietEnabled: boolean;
  from: string;
  to: string;
  forecastDays: string;
  reminders: Reminders;
}

export type PreferencesField = 'from' | 'to' | 'forecastDays';

export function formOf(p: MonitorPreferences): PreferencesForm {
  return {
    quietEnabled: p.quietHours.enabled,
    from: p.quietHours.from,
    to: p.quietHours.to,
    forecastDays: String(p.forecastDays),
    reminders: p.reminders,
  };
}

/** Which field a problem in the rule's words is about ("quietHours.from must be ..."). */
export function fieldOf(problem: string): PreferencesField {
  if (problem.startsWith('quietHours.from')) return 'from';
  if (problem.startsWith('forecastDays')) return 'forecastDays';
  // "quietHours.to ..." and "quiet hours must start and end at different times": the end is the one to change.
  return 'to';
}

export function checkPreferences(
  form: PreferencesForm,
  current: MonitorPreferences,
): Checked<MonitorPreferences, PreferencesField> {
  const days = form.forecastDays.trim();
  const forecastDays = /^-?\d+(\.\d+)?$/.test(days) ? Number(days) : Number.NaN;
  const checked = applyPreferences(current, {
    quietHours: { enabled: form.quietEnabled, from: form.from.trim(), to: form.to.trim() },
    forecastDays,
    reminders: form.reminders,
  });
  if (checked.ok) return checked;
  const problem = checked.problem.replace('got NaN', `got "${days.slice(0, 20)}"`);
  return refused(problem, fieldOf(problem));
}
