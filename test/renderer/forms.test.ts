// @vitest-environment node
// The window's forms as requests: money typed in pounds becomes whole pence, then the request is
// checked by the app API's own schema (src-shared/app-requests.ts), so each field says the
// service's rule before anything is sent.
import { describe, expect, it } from 'vitest';
import { entryRequest, recurringRequest } from '../../src-renderer/features/ledger/ledger-forms.ts';
import { settingsRequest, type SettingsForm } from '../../src-renderer/features/settings/settings-form.ts';

const form: SettingsForm = {
  warningEnabled: true,
  warningLevel: '10',
  summary: ['weekly', 'daily', 'monthly'],
  disk: [90, 70],
  bandwidth: [],
};

describe('settingsRequest', () => {
  it("gives the body in the service's order", () => {
    expect(settingsRequest(form)).toEqual({
      ok: true,
      value: {
        warningEnabled: true,
        warningLevel: 1000,
        summary: ['daily', 'monthly', 'weekly'],
        disk: [70, 90],
        bandwidth: [],
      },
    });
  });
  it('an empty level means none, allowed when the warning is off', () => {
    expect(settingsRequest({ ...form, warningEnabled: false, warningLevel: ' ' })).toMatchObject({
      ok: true,
      value: { warningLevel: null },
    });
  });
  it.each([
    ['abc', /not an amount in pounds/],
    ['10.555', /two decimal places/],
    ['-5', /without a minus sign/],
    ['1e3', /not an amount in pounds/],
    ['99999999999999', /too large/],
  ])('refuses level %j', (level, message) => {
    const r = settingsRequest({ ...form, warningLevel: level });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fields.warningLevel).toMatch(message);
  });
  it('an enabled warning needs a level (the rule the service and the CLI apply)', () => {
    const r = settingsRequest({ ...form, warningLevel: '' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fields.warningLevel).toBe('Enter a warning level to turn the warning on.');
  });
  it.each([
    ['1,000', 100000],
    ['£10', 1000],
    ['10.50', 1050],
    ['0', 0],
    ['£1,250.50', 125050],
  ])('takes the level %j in pounds as %i pence', (level, pence) => {
    expect(settingsRequest({ ...form, warningLevel: level })).toMatchObject({
      ok: true,
      value: { warningLevel: pence },
    });
  });
});

describe('ledger forms', () => {
  it('entryRequest names each bad field', () => {
    const r = entryRequest({ kind: 'topup', amount: 'x', at: ' ', note: 'n'.repeat(501) });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(Object.keys(r.fields).sort()).toEqual(['amount', 'at', 'note']);
      expect(r.fields.note).toBe('the note is longer than 500 characters');
    }
    expect(entryRequest({ kind: 'charge', amount: ' £1,250.50 ', at: 'yesterday 9am', note: ' hosting ' })).toEqual({
      ok: true,
      value: { kind: 'charge', amount: '125050', at: 'yesterday 9am', note: 'hosting' },
    });
    expect(entryRequest({ kind: 'adjustment', amount: '-5.25', at: 'now', note: '' })).toMatchObject({
      ok: true,
      value: { amount: '-525' },
    });
    const pence = entryRequest({ kind: 'topup', amount: '25.001', at: 'now', note: '' });
    expect(pence.ok).toBe(false);
    if (!pence.ok) expect(pence.fields.amount).toMatch(/two decimal places/);
  });
  it('entryRequest keeps an amount with a fraction of a penny as it is stored', () => {
    expect(entryRequest({ kind: 'topup', amount: '12.5p', at: 'now', note: '' }, '12.5')).toMatchObject({
      ok: true,
      value: { amount: '12.5' },
    });
  });
  it('recurringRequest: until is optional', () => {
    expect(recurringRequest({ amount: '10', every: 'month', from: 'today', until: '' })).toEqual({
      ok: true,
      value: { amount: '1000', every: 'month', from: 'today' },
    });
    expect(
      recurringRequest({ amount: '£9.99', every: 'year', from: 'today', until: '+1 year', note: ' Domain ' }),
    ).toMatchObject({ ok: true, value: { until: '+1 year', note: 'Domain' } });
    const bad = recurringRequest({ amount: '0', every: 'day', from: '', until: '' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.fields).sort()).toEqual(['amount', 'from']);
  });
});
