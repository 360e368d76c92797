// Notification settings: a partial edit applied to the stored settings (each value checked by the
// contract's rules, src-shared/settings-rules.ts), and the canonical order the spec shows
// (summary daily, monthly, weekly; alerts 70, 80, 90).
import type { Settings } from '../../src-shared/app-api.ts';
import type { Checked } from '../../src-shared/checked.ts';
import {
  alertsOf,
  summaryOf,
  warningEnabledOf,
  warningLevelOf,
  warningNeedsLevel,
} from '../../src-shared/settings-rules.ts';
import { ALERT_LEVELS, SUMMARY_PERIODS } from '../../src-shared/vocabulary.ts';
import type { SettingsRow } from '../store/index.ts';
import { DomainError } from './errors.ts';

export type NotificationSettings = Settings;

/** A stored row in the contract's terms: its lists hold only known values, in canonical order. */
export function settingsFromRow(row: SettingsRow): NotificationSettings {
  return {
    warningEnabled: row.warningEnabled,
    warningLevel: row.warningLevel,
    summary: SUMMARY_PERIODS.filter((p) => row.summary.includes(p)),
    disk: ALERT_LEVELS.filter((l) => row.disk.includes(l)),
    bandwidth: ALERT_LEVELS.filter((l) => row.bandwidth.includes(l)),
  };
}

/** A partial edit from any caller (the app API's JSON, the CLI's text): absent fields keep their value. */
export interface SettingsEdit {
  warningEnabled?: unknown;
  warningLevel?: unknown;
  summary?: unknown;
  disk?: unknown;
  bandwidth?: unknown;
}

/** A field's value, or its refusal as the domain's error. */
function checked<T>(c: Checked<T>): T {
  if (!c.ok) throw new DomainError('invalid_settings', c.problem);
  return c.value;
}

/** Applies a validated edit to the current settings; throws DomainError('invalid_settings'). */
export function applySettingsEdit(current: NotificationSettings, edit: SettingsEdit): NotificationSettings {
  const next: NotificationSettings = {
    warningEnabled:
      edit.warningEnabled === undefined ? current.warningEnabled : checked(warningEnabledOf(edit.warningEnabled)),
    warningLevel: edit.warningLevel === undefined ? current.warningLevel : checked(warningLevelOf(edit.warningLevel)),
    summary: edit.summary === undefined ? current.summary : checked(summaryOf(edit.summary)),
    disk: edit.disk === undefined ? current.disk : checked(alertsOf('disk', edit.disk)),
    bandwidth: edit.bandwidth === undefined ? current.bandwidth : checked(alertsOf('bandwidth', edit.bandwidth)),
  };
  // Needs the stored settings: a partial edit may turn the warning on with the level it had.
  const problem = warningNeedsLevel(next);
  if (problem !== undefined) throw new DomainError('invalid_settings', problem);
  return next;
}
