// Quiet hours and the other app-wide monitor preferences: what they may be and whether an
// instant falls in quiet hours, written once for the service (which checks edits), the monitor
// (which holds alerts back) and the window (which will edit them). Wall times are read in the
// app's zone with Intl, so a span crossing midnight (22:00 to 08:00) and DST days work alike.

/** Alerts raised in quiet hours are stored and shown, but not pushed unless urgent. */
export interface QuietHours {
  enabled: boolean;
  /** Local wall time `HH:MM` (24-hour) the quiet starts, inclusive. */
  from: string;
  /** Local wall time `HH:MM` it ends, exclusive; earlier than `from` means it spans midnight. */
  to: string;
}

/**
 * How often an account that stays below its level (or below zero) is told again: at the first
 * check after quiet hours end (their `to`, also when they are off), at most once a day, or once a
 * week, or never. A snoozed account is not reminded until its snooze ends.
 */
export const REMINDER_CHOICES = ['never', 'daily', 'weekly'] as const;
export type Reminders = (typeof REMINDER_CHOICES)[number];

/** App-wide settings of the monitor (stored in SQLite, shared by the desktop app, `serve` and the CLI). */
export interface MonitorPreferences {
  quietHours: QuietHours;
  /** A forecast crossing the warning level (or zero) within this many days raises a forecast alert. */
  forecastDays: number;
  reminders: Reminders;
}

export const DEFAULT_PREFERENCES: MonitorPreferences = {
  quietHours: { enabled: false, from: '22:00', to: '08:00' },
  forecastDays: 7,
  reminders: 'daily',
};

const isReminders = (value: unknown): value is Reminders => (REMINDER_CHOICES as readonly unknown[]).includes(value);

export const FORECAST_DAYS = { min: 1, max: 90 } as const;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of `HH:MM`, or undefined when it is not a 24-hour wall time. */
export function wallMinutes(text: string): number | undefined {
  const m = HH_MM.exec(text);
  return m === null ? undefined : Number(m[1]) * 60 + Number(m[2]);
}

export type PreferencesCheck = { ok: true; value: MonitorPreferences } | { ok: false; problem: string };

/** An edit applied to the current preferences, checked: absent fields keep their value. */
export function applyPreferences(
  current: MonitorPreferences,
  edit: {
    quietHours?: Partial<QuietHours> | undefined;
    forecastDays?: number | undefined;
    reminders?: string | undefined;
  },
): PreferencesCheck {
  const quietHours = { ...current.quietHours, ...edit.quietHours };
  for (const field of ['from', 'to'] as const) {
    if (wallMinutes(quietHours[field]) === undefined)
      return {
        ok: false,
        problem: `quietHours.${field} must be a 24-hour time HH:MM (such as 22:00); got "${quietHours[field].slice(0, 20)}"`,
      };
  }
  if (quietHours.from === quietHours.to)
    return { ok: false, problem: 'quiet hours must start and end at different times' };
  const forecastDays = edit.forecastDays ?? current.forecastDays;
  if (!Number.isInteger(forecastDays) || forecastDays < FORECAST_DAYS.min || forecastDays > FORECAST_DAYS.max)
    return {
      ok: false,
      problem: `forecastDays must be a whole number of days from ${FORECAST_DAYS.min} to ${FORECAST_DAYS.max}; got ${String(forecastDays)}`,
    };
  const reminders = edit.reminders ?? current.reminders;
  if (!isReminders(reminders))
    return {
      ok: false,
      problem: `reminders must be one of ${REMINDER_CHOICES.join(', ')}; got "${reminders.slice(0, 20)}"`,
    };
  return { ok: true, value: { quietHours, forecastDays, reminders } };
}

/** Stored preferences as read back: anything damaged or missing takes its default. */
export function readPreferences(stored: unknown): MonitorPreferences {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_PREFERENCES;
  const s = stored as { quietHours?: Partial<QuietHours>; forecastDays?: number; reminders?: unknown };
  const q = s.quietHours;
  const checked = applyPreferences(DEFAULT_PREFERENCES, {
    quietHours:
      typeof q === 'object'
        ? {
            enabled: q.enabled === true,
            ...(typeof q.from === 'string' ? { from: q.from } : {}),
            ...(typeof q.to === 'string' ? { to: q.to } : {}),
          }
        : undefined,
    forecastDays: typeof s.forecastDays === 'number' ? s.forecastDays : undefined,
    reminders: isReminders(s.reminders) ? s.reminders : undefined,
  });
  return checked.ok ? checked.value : DEFAULT_PREFERENCES;
}

/**
 * Whether a local time of day (minutes after midnight, in the app's zone) falls in quiet hours;
 * never when they are off. The main process reads the minutes from its zone rules
 * (src-main/monitor/quiet-times.ts).
 */
export function inQuietMinutes(quiet: QuietHours, minutes: number): boolean {
  if (!quiet.enabled) return false;
  const from = wallMinutes(quiet.from);
  const to = wallMinutes(quiet.to);
  if (from === undefined || to === undefined || from === to) return false;
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}
