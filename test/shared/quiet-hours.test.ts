// Quiet hours in the app's zone, spanning midnight or not, across a DST change; and what an edit
// of the monitor's preferences may be.
import { describe, expect, it } from 'vitest';
import { applyPreferences, DEFAULT_PREFERENCES, readPreferences } from '../../src-shared/quiet-hours.ts';
import { inQuietHours } from '../../src-main/monitor/quiet-times.ts';

const utc = (iso: string): number => Date.parse(iso) / 1000;
const night = { enabled: true, from: '22:00', to: '08:00' };

describe('inQuietHours', () => {
  it('spans midnight in the zone: 22:00 in, 07:59 in, 08:00 out, 21:59 out', () => {
    // London is UTC+0 in winter, UTC+1 in summer.
    expect(inQuietHours(night, utc('2026-11-22T22:00:00Z'), 'Europe/London')).toBe(true);
    expect(inQuietHours(night, utc('2026-11-23T07:59:00Z'), 'Europe/London')).toBe(true);
    expect(inQuietHours(night, utc('2026-11-23T08:00:00Z'), 'Europe/London')).toBe(false);
    expect(inQuietHours(night, utc('2026-11-22T21:59:00Z'), 'Europe/London')).toBe(false);
    expect(inQuietHours(night, utc('2026-07-01T21:30:00Z'), 'Europe/London')).toBe(true); // 22:30 BST
    expect(inQuietHours(night, utc('2026-11-22T23:00:00Z'), 'America/New_York')).toBe(false); // 18:00
  });

  it('a span within one day, and never when off', () => {
    const lunch = { enabled: true, from: '12:00', to: '13:30' };
    expect(inQuietHours(lunch, utc('2026-11-22T13:29:00Z'), 'UTC')).toBe(true);
    expect(inQuietHours(lunch, utc('2026-11-22T13:30:00Z'), 'UTC')).toBe(false);
    expect(inQuietHours({ ...night, enabled: false }, utc('2026-11-22T23:00:00Z'), 'UTC')).toBe(false);
  });
});

describe('the monitor preferences', () => {
  it('are off with a 7-day forecast and daily reminders by default; an edit keeps what it leaves out', () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      quietHours: { enabled: false, from: '22:00', to: '08:00' },
      forecastDays: 7,
      reminders: 'daily',
    });
    expect(applyPreferences(DEFAULT_PREFERENCES, { quietHours: { enabled: true } })).toEqual({
      ok: true,
      value: { quietHours: { enabled: true, from: '22:00', to: '08:00' }, forecastDays: 7, reminders: 'daily' },
    });
    expect(applyPreferences(DEFAULT_PREFERENCES, { reminders: 'weekly' })).toMatchObject({
      ok: true,
      value: { reminders: 'weekly' },
    });
  });

  it('refuse times that are not HH:MM, equal ends and days out of 1 to 90, saying which', () => {
    const bad = (edit: Parameters<typeof applyPreferences>[1]): string => {
      const checked = applyPreferences(DEFAULT_PREFERENCES, edit);
      return checked.ok ? 'accepted' : checked.problem;
    };
    expect(bad({ quietHours: { from: '24:00' } })).toMatch(/^quietHours.from must be a 24-hour time HH:MM/);
    expect(bad({ quietHours: { to: '8:00' } })).toMatch(/^quietHours.to must be/);
    expect(bad({ quietHours: { from: '08:00' } })).toBe('quiet hours must start and end at different times');
    expect(bad({ forecastDays: 0 })).toMatch(/^forecastDays must be a whole number of days from 1 to 90/);
    expect(bad({ forecastDays: 2.5 })).toMatch(/^forecastDays/);
    expect(bad({ forecastDays: 90 })).toBe('accepted');
    expect(bad({ reminders: 'hourly' })).toBe('reminders must be one of never, daily, weekly; got "hourly"');
  });

  it('read back damaged or partial stored values as defaults, never failing', () => {
    expect(readPreferences('garbage')).toEqual(DEFAULT_PREFERENCES);
    expect(readPreferences({ quietHours: { enabled: 'yes', from: 7 }, forecastDays: 400 })).toEqual(
      DEFAULT_PREFERENCES,
    );
    expect(readPreferences({ quietHours: { enabled: true, from: '23:00', to: '06:30' }, forecastDays: 14 })).toEqual({
      quietHours: { enabled: true, from: '23:00', to: '06:30' },
      forecastDays: 14,
      reminders: 'daily',
    });
    expect(readPreferences({ reminders: 'never' })).toMatchObject({ reminders: 'never' });
    expect(readPreferences({ reminders: 'sometimes' })).toMatchObject({ reminders: 'daily' });
  });
});
