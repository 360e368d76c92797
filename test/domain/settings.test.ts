import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src-main/domain/errors.ts';
import { applySettingsEdit, type NotificationSettings } from '../../src-main/domain/settings.ts';

const off: NotificationSettings = { warningEnabled: false, warningLevel: null, summary: [], disk: [], bandwidth: [] };

describe('settings edits', () => {
  it('puts values in the spec order and drops repeats', () => {
    const s = applySettingsEdit(off, {
      summary: ['weekly', 'daily', 'monthly', 'daily'],
      disk: [90, '70', 80],
      bandwidth: ['90'],
    });
    expect(s.summary).toEqual(['daily', 'monthly', 'weekly']);
    expect(s.disk).toEqual([70, 80, 90]);
    expect(s.bandwidth).toEqual([90]);
  });

  it('keeps fields an edit leaves out', () => {
    const s = applySettingsEdit({ ...off, warningLevel: 500, disk: [70] }, { summary: ['daily'] });
    expect(s).toEqual({ ...off, warningLevel: 500, disk: [70], summary: ['daily'] });
  });

  it.each([
    [{ summary: ['hourly'] }, /summary accepts only daily, monthly, weekly/],
    [{ disk: [75] }, /disk accepts only 70, 80, 90/],
    [{ bandwidth: 'all' }, /bandwidth must be a list/],
    [{ warningLevel: -1 }, /whole number of pence/],
    [{ warningLevel: 12.5 }, /whole number of pence/],
    [{ warningLevel: 'lots' }, /whole number of pence/],
    [{ warningEnabled: 'yes' }, /true or false/],
    [{ warningEnabled: true }, /Enter a warning level to turn the warning on/],
  ])('refuses %j with a clear message', (edit, message) => {
    expect(() => applySettingsEdit(off, edit)).toThrow(message);
    expect(() => applySettingsEdit(off, edit)).toThrow(DomainError);
  });

  it('accepts none for the level and text booleans', () => {
    expect(applySettingsEdit({ ...off, warningLevel: 5 }, { warningLevel: 'none', warningEnabled: 'false' })).toEqual(
      off,
    );
    expect(applySettingsEdit(off, { warningLevel: '250', warningEnabled: 'true' })).toMatchObject({
      warningEnabled: true,
      warningLevel: 250,
    });
  });
});
