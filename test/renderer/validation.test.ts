// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  validateEntry,
  validateRecurring,
  validateSettings,
  type SettingsForm,
} from '../../src-renderer/lib/validation.ts';

// The window's money fields take pounds; the bodies it sends carry whole pence.
const form: SettingsForm = {
  warningEnabled: true,
  warningLevel: '10',
  summary: ['weekly', 'daily', 'monthly'],
  disk: [90, 70],
  bandwidth: [],
};

describe('validateSettings', () => {
  it("gives the body in the service's order", () => {
    expect(validateSettings(form)).toEqual({
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
    expect(validateSettings({ ...form, warningEnabled: false, warningLevel: ' ' })).toMatchObject({
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
    const r = validateSettings({ ...form, warningLevel: level });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.warningLevel).toMatch(message);
  });
  it('an enabled warning needs a level', () => {
    const r = validateSettings({ ...form, warningLevel: '' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.warningLevel).toMatch(/Enter a warning level/);
  });
  it.each([
    ['1,000', 100000],
    ['£10', 1000],
    ['10.50', 1050],
    ['0', 0],
    ['£1,250.50', 125050],
  ])('takes the level %j in pounds as %i pence', (level, pence) => {
    expect(validateSettings({ ...form, warningLevel: level })).toMatchObject({
      ok: true,
      value: { warningLevel: pence },
    });
  });
});

describe('amounts and ledger forms', () => {
  it('checkAmount (CSV lines, which stay in pence)', () => {
    expect(checkAmount('2500', false)).toBeUndefined();
    expect(checkAmount('0.5', false)).toBeUndefined();
    expect(checkAmount('0', false)).toMatch(/above zero/);
    expect(checkAmount('-5', false)).toMatch(/above zero/);
    expect(checkAmount('-5', true)).toBeUndefined();
    expect(checkAmount('£5', false)).toMatch(/in pence/);
    expect(checkAmount('', false)).toMatch(/Enter an amount/);
    expect(checkAmount('1.12345678901', false)).toMatch(/10 decimal places/);
  });
  it('validateEntry names each bad field', () => {
    const r = validateEntry({ kind: 'topup', amount: 'x', at: ' ', note: '' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(['amount', 'at']);
    expect(validateEntry({ kind: 'charge', amount: ' £1,250.50 ', at: 'yesterday 9am', note: ' hosting ' })).toEqual({
      ok: true,
      value: { kind: 'charge', amount: '125050', at: 'yesterday 9am', note: 'hosting' },
    });
    expect(validateEntry({ kind: 'topup', amount: '25.00', at: 'now', note: '' })).toMatchObject({
      ok: true,
      value: { amount: '2500' },
    });
    expect(validateEntry({ kind: 'adjustment', amount: '-5.25', at: 'now', note: '' })).toMatchObject({
      ok: true,
      value: { amount: '-525' },
    });
    const pence = validateEntry({ kind: 'topup', amount: '25.001', at: 'now', note: '' });
    expect(pence.ok).toBe(false);
    if (!pence.ok) expect(pence.errors.amount).toMatch(/two decimal places/);
  });
  it('validateRecurring: until is optional', () => {
    expect(validateRecurring({ amount: '10', every: 'month', from: 'today', until: '' })).toEqual({
      ok: true,
      value: { amount: '1000', every: 'month', from: 'today' },
    });
    expect(
      validateRecurring({ amount: '£9.99', every: 'year', from: 'today', until: '+1 year', note: ' Domain ' }),
    ).toMatchObject({ ok: true, value: { until: '+1 year', note: 'Domain' } });
    expect(validateRecurring({ amount: '0', every: 'day', from: '', until: '' }).ok).toBe(false);
  });
});
