// The settings form as a request: the level typed in pounds becomes whole pence, then the whole
// edit is checked by its schema (the service's own rules, the level's range and "a warning that
// is on needs a level" included).
import type { Settings, SettingsEdit } from '../../../src-shared/app-api.ts';
import { SettingsEdit as SettingsSchema } from '../../../src-shared/app-requests.ts';
import type { Checked } from '../../../src-shared/checked.ts';
import { parsePounds, penceToPoundsText } from '../../../src-shared/money/parse-pounds.ts';
import { ALERT_LEVELS, SUMMARY_PERIODS, type AlertLevel, type SummaryPeriod } from '../../../src-shared/vocabulary.ts';
import { checkForm } from '../../lib/form-check.ts';

/** The order the window offers them in (the contract's lists are in the spec's order). */
export const SUMMARY_CHOICES: readonly SummaryPeriod[] = ['daily', 'weekly', 'monthly'];

export interface SettingsForm {
  warningEnabled: boolean;
  warningLevel: string;
  summary: SummaryPeriod[];
  disk: AlertLevel[];
  bandwidth: AlertLevel[];
}

/** The stored settings as the form shows them (the level in pounds, empty for none). */
export function settingsFormOf(s: Settings): SettingsForm {
  return {
    warningEnabled: s.warningEnabled,
    warningLevel: s.warningLevel === null ? '' : penceToPoundsText(s.warningLevel),
    summary: s.summary,
    disk: s.disk,
    bandwidth: s.bandwidth,
  };
}

/** A list with `value` taken out if it was in, put in if not (a checkbox of a fieldset). */
export function toggled<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

export function settingsRequest(form: SettingsForm): Checked<Required<SettingsEdit>, 'warningLevel'> {
  const typed = form.warningLevel.trim() === '' ? undefined : parsePounds(form.warningLevel, { zero: true });
  const body = {
    warningEnabled: form.warningEnabled,
    warningLevel: typed?.ok === true ? Number(typed.value) : null,
    // Canonical order, as the service lists them.
    summary: SUMMARY_PERIODS.filter((p) => form.summary.includes(p)),
    disk: ALERT_LEVELS.filter((t) => form.disk.includes(t)),
    bandwidth: ALERT_LEVELS.filter((t) => form.bandwidth.includes(t)),
  };
  const checked = checkForm<SettingsEdit, 'warningLevel'>(
    SettingsSchema,
    body,
    typed?.ok === false ? { warningLevel: typed.problem } : {},
  );
  return checked.ok ? { ok: true, value: body } : checked;
}
