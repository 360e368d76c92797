// Notification settings: validation of edits and the canonical order the spec shows
// (summary daily, monthly, weekly; alerts 70, 80, 90).
import type { Settings } from '../../src-shared/app-api.ts';
import { MAX_WARNING_LEVEL } from '../../src-shared/limits.ts';
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

function fail(message: string): never {
  throw new DomainError('invalid_settings', message);
}

/** A user's value, shown in an error message. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  return `a ${typeof value}`;
}

function checkList<T extends string | number>(name: string, value: unknown, allowed: readonly T[]): T[] {
  if (!Array.isArray(value)) fail(`${name} must be a list of ${allowed.join(', ')}`);
  const picked = new Set<T>();
  for (const v of value as unknown[]) {
    const match = allowed.find((a) => a === v || String(a) === shown(v).trim().toLowerCase());
    if (match === undefined) fail(`${name} accepts only ${allowed.join(', ')}; got "${shown(v)}"`);
    picked.add(match);
  }
  return allowed.filter((a) => picked.has(a));
}

function checkLevel(value: unknown): number | null {
  if (value === null || value === 'none' || value === '') return null;
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_WARNING_LEVEL) {
    fail(
      `the warning level must be a whole number of pence from 0 to ${MAX_WARNING_LEVEL}, or none; got "${shown(value)}"`,
    );
  }
  return n;
}

function checkEnabled(value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return fail(`warning enabled must be true or false; got "${shown(value)}"`);
}

/** Applies a validated edit to the current settings; throws DomainError('invalid_settings'). */
export function applySettingsEdit(current: NotificationSettings, edit: SettingsEdit): NotificationSettings {
  const next: NotificationSettings = {
    warningEnabled: edit.warningEnabled === undefined ? current.warningEnabled : checkEnabled(edit.warningEnabled),
    warningLevel: edit.warningLevel === undefined ? current.warningLevel : checkLevel(edit.warningLevel),
    summary: edit.summary === undefined ? current.summary : checkList('summary', edit.summary, SUMMARY_PERIODS),
    disk: edit.disk === undefined ? current.disk : checkList('disk', edit.disk, ALERT_LEVELS),
    bandwidth: edit.bandwidth === undefined ? current.bandwidth : checkList('bandwidth', edit.bandwidth, ALERT_LEVELS),
  };
  if (next.warningEnabled && next.warningLevel === null) {
    fail('an enabled warning needs a level: set the warning level too');
  }
  return next;
}
