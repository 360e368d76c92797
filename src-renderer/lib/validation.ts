// Form validation for the settings and ledger panels. The service validates again; checking here
// lets us name the field and say what is wrong before anything is sent. Money fields take pounds
// (src-shared/money/parse-pounds.ts) and send whole pence; the CSV format keeps pence (checkAmount).
import type { NewEntryRequest, NewRecurringRequest, SettingsEdit } from '../../src-shared/app-api.ts';
import { MAX_NOTE_LENGTH, MAX_WARNING_LEVEL } from '../../src-shared/limits.ts';
import { AMOUNT_SCALE_DIGITS, isPenceText, parseAmountUnits } from '../../src-shared/money/decimal.ts';
import { parsePounds } from '../../src-shared/money/parse-pounds.ts';
import {
  ALERT_LEVELS,
  SUMMARY_PERIODS,
  type AlertLevel,
  type ChargePeriod,
  type EntryKind,
  type SummaryPeriod,
} from '../../src-shared/vocabulary.ts';

/** The order the window offers them in (the contract's lists are in the spec's order). */
export const SUMMARY_CHOICES: readonly SummaryPeriod[] = ['daily', 'weekly', 'monthly'];
export const ENTRY_KIND_CHOICES: readonly EntryKind[] = ['topup', 'charge', 'refund', 'adjustment'];

export const KIND_LABELS: Record<EntryKind, string> = {
  topup: 'Top-up',
  charge: 'Charge',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

/** A charge's period in a sentence: "£30.00 a month". */
export const PERIOD_WORDS: Record<ChargePeriod, string> = {
  day: 'a day',
  week: 'a week',
  month: 'a month',
  year: 'a year',
};

export interface SettingsForm {
  warningEnabled: boolean;
  warningLevel: string;
  summary: SummaryPeriod[];
  disk: AlertLevel[];
  bandwidth: AlertLevel[];
}

export type Errors<K extends string> = Partial<Record<K, string>>;
export type Checked<T, K extends string> = { ok: true; value: T } | { ok: false; errors: Errors<K> };

export function validateSettings(form: SettingsForm): Checked<Required<SettingsEdit>, 'warningLevel'> {
  let level: number | null = null;
  if (form.warningLevel.trim() !== '') {
    const parsed = parsePounds(form.warningLevel, { zero: true });
    if (!parsed.ok) return { ok: false, errors: { warningLevel: parsed.message } };
    level = Number(parsed.pence);
    if (level > MAX_WARNING_LEVEL) return { ok: false, errors: { warningLevel: 'That level is too large.' } };
  }
  if (form.warningEnabled && level === null) {
    return { ok: false, errors: { warningLevel: 'Enter a warning level to turn the warning on.' } };
  }
  // Canonical order, as the service lists them.
  return {
    ok: true,
    value: {
      warningEnabled: form.warningEnabled,
      warningLevel: level,
      summary: SUMMARY_PERIODS.filter((p) => form.summary.includes(p)),
      disk: ALERT_LEVELS.filter((t) => form.disk.includes(t)),
      bandwidth: ALERT_LEVELS.filter((t) => form.bandwidth.includes(t)),
    },
  };
}

/** A CSV line's amount in pence: positive (or signed for an adjustment), fractional pence allowed. */
export function checkAmount(text: string, signed: boolean): string | undefined {
  const raw = text.trim().replace(/,/g, '');
  if (raw === '') return 'Enter an amount in pence.';
  if (!isPenceText(raw)) return 'Enter the amount in pence, for example 2500 for £25.00.';
  if ((raw.split('.')[1] ?? '').length > AMOUNT_SCALE_DIGITS)
    return `Use at most ${AMOUNT_SCALE_DIGITS} decimal places.`;
  if (!signed && (raw.startsWith('-') || /^\+?0*(\.0*)?$/.test(raw)))
    return 'Enter an amount above zero; the kind says which way it goes.';
  // What is left for the service's own rule to refuse is the size.
  if (typeof parseAmountUnits(raw) === 'string') return 'That amount is too large.';
  return undefined;
}

export interface EntryForm {
  kind: EntryKind;
  amount: string;
  at: string;
  note: string;
}

export function validateEntry(form: EntryForm): Checked<NewEntryRequest, 'amount' | 'at' | 'note'> {
  const errors: Errors<'amount' | 'at' | 'note'> = {};
  const amount = parsePounds(form.amount, { signed: form.kind === 'adjustment' });
  if (!amount.ok) errors.amount = amount.message;
  if (form.at.trim() === '') errors.at = 'Say when, for example "now", "yesterday 9am" or "2026-12-01".';
  if (form.note.length > MAX_NOTE_LENGTH) errors.note = `Keep the note to ${MAX_NOTE_LENGTH} characters.`;
  if (!amount.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { kind: form.kind, amount: amount.pence, at: form.at.trim(), note: form.note.trim() } };
}

export interface RecurringForm {
  amount: string;
  every: ChargePeriod;
  from: string;
  until: string;
  note?: string;
}

export function validateRecurring(form: RecurringForm): Checked<NewRecurringRequest, 'amount' | 'from'> {
  const errors: Errors<'amount' | 'from'> = {};
  const amount = parsePounds(form.amount);
  if (!amount.ok) errors.amount = amount.message;
  if (form.from.trim() === '') errors.from = 'Say when it starts, for example "today" or "1 December 2026".';
  if (!amount.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  const body: NewRecurringRequest = { amount: amount.pence, every: form.every, from: form.from.trim() };
  if (form.until.trim() !== '') body.until = form.until.trim();
  if (form.note !== undefined && form.note.trim() !== '') body.note = form.note.trim();
  return { ok: true, value: body };
}
