// Form validation for the settings and ledger panels. The service validates again; checking here
// lets us name the field and say what is wrong before anything is sent.
import { isDecimal } from './money.ts';

export const SUMMARY_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export const THRESHOLDS = [70, 80, 90] as const;
export const ENTRY_KINDS = ['topup', 'charge', 'refund', 'adjustment'] as const;
export const PERIODS = ['day', 'week', 'month', 'year'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export type Period = (typeof PERIODS)[number];

export const KIND_LABELS: Record<EntryKind, string> = { topup: 'Top-up', charge: 'Charge', refund: 'Refund', adjustment: 'Adjustment' };

export interface SettingsBody { warningEnabled: boolean; warningLevel: number | null; summary: string[]; disk: number[]; bandwidth: number[] }
export interface SettingsForm { warningEnabled: boolean; warningLevel: string; summary: string[]; disk: number[]; bandwidth: number[] }

export type Errors<K extends string> = Partial<Record<K, string>>;
export type Checked<T, K extends string> = { ok: true; value: T } | { ok: false; errors: Errors<K> };

const MAX_LEVEL = 1_000_000_000_000;

export function validateSettings(form: SettingsForm): Checked<SettingsBody, 'warningLevel'> {
  const raw = form.warningLevel.trim().replace(/,/g, '');
  let level: number | null = null;
  if (raw !== '') {
    if (!/^\d+$/.test(raw)) return { ok: false, errors: { warningLevel: 'Enter the level as a whole number of pence, for example 1000 for £10.00.' } };
    level = Number(raw);
    if (level > MAX_LEVEL) return { ok: false, errors: { warningLevel: 'That level is too large.' } };
  }
  if (form.warningEnabled && level === null) {
    return { ok: false, errors: { warningLevel: 'Enter a warning level to turn the warning on.' } };
  }
  // Canonical order, as the service lists them.
  const order = (list: readonly string[]) => (v: string) => list.indexOf(v);
  const summary = SUMMARY_PERIODS.filter((p) => form.summary.includes(p));
  summary.sort((a, b) => order(['daily', 'monthly', 'weekly'])(a) - order(['daily', 'monthly', 'weekly'])(b));
  return {
    ok: true,
    value: {
      warningEnabled: form.warningEnabled,
      warningLevel: level,
      summary,
      disk: THRESHOLDS.filter((t) => form.disk.includes(t)),
      bandwidth: THRESHOLDS.filter((t) => form.bandwidth.includes(t)),
    },
  };
}

/** Amount in pence as typed: positive (or signed for an adjustment), fractional pence allowed. */
export function checkAmount(text: string, signed: boolean): string | undefined {
  const raw = text.trim().replace(/,/g, '');
  if (raw === '') return 'Enter an amount in pence.';
  if (!isDecimal(raw)) return 'Enter the amount in pence, for example 2500 for £25.00.';
  const frac = raw.split('.')[1] ?? '';
  if (frac.length > 10) return 'Use at most 10 decimal places.';
  if (!signed && (raw.startsWith('-') || /^\+?0*(\.0*)?$/.test(raw))) return 'Enter an amount above zero; the kind says which way it goes.';
  if (raw.replace(/[^\d]/g, '').length > 24) return 'That amount is too large.';
  return undefined;
}

export interface EntryForm { kind: EntryKind; amount: string; at: string; note: string }
export interface EntryBody { kind: EntryKind; amount: string; at: string; note: string }

export function validateEntry(form: EntryForm): Checked<EntryBody, 'amount' | 'at' | 'note'> {
  const errors: Errors<'amount' | 'at' | 'note'> = {};
  const amountError = checkAmount(form.amount, form.kind === 'adjustment');
  if (amountError !== undefined) errors.amount = amountError;
  if (form.at.trim() === '') errors.at = 'Say when, for example "now", "yesterday 9am" or "2026-12-01".';
  if (form.note.length > 500) errors.note = 'Keep the note under 500 characters.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { kind: form.kind, amount: form.amount.trim().replace(/,/g, '').replace(/^\+/, ''), at: form.at.trim(), note: form.note.trim() } };
}

export interface RecurringForm { amount: string; every: Period; from: string; until: string; note?: string }
export interface RecurringBody { amount: string; every: Period; from: string; until?: string; note?: string }

export function validateRecurring(form: RecurringForm): Checked<RecurringBody, 'amount' | 'from'> {
  const errors: Errors<'amount' | 'from'> = {};
  const amountError = checkAmount(form.amount, false);
  if (amountError !== undefined) errors.amount = amountError;
  if (form.from.trim() === '') errors.from = 'Say when it starts, for example "today" or "1 December 2026".';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const body: RecurringBody = { amount: form.amount.trim().replace(/,/g, '').replace(/^\+/, ''), every: form.every, from: form.from.trim() };
  if (form.until.trim() !== '') body.until = form.until.trim();
  if (form.note !== undefined && form.note.trim() !== '') body.note = form.note.trim();
  return { ok: true, value: body };
}
