// The query cache's keys, one per endpoint and its arguments. Everything about one account starts
// with ['account', id], so one account's data can be dropped or refreshed together; `resolve`
// (how a phrase reads) depends on no stored data and is never invalidated by a change.
import type { LedgerFilter } from '../../src-shared/app-api.ts';
import type { DateOrder } from '../../src-shared/vocabulary.ts';

export interface ChartRange {
  back: number;
  ahead: number;
}

export const keys = {
  status: ['status'] as const,
  /** Every account's alerts (app-wide, not under one account), and the monitor's preferences. */
  alerts: ['alerts'] as const,
  preferences: ['preferences'] as const,
  snoozes: ['snoozes'] as const,
  resolve: (text: string, order: DateOrder) => ['resolve', text, order] as const,
  account: (id: number) => ['account', id] as const,
  balance: (id: number) => ['account', id, 'balance'] as const,
  balanceAt: (id: number, phrase: string, order: DateOrder) => ['account', id, 'balance-at', phrase, order] as const,
  settings: (id: number) => ['account', id, 'settings'] as const,
  settingsXml: (id: number) => ['account', id, 'settings-xml'] as const,
  ledger: (id: number, filter?: LedgerFilter) =>
    filter === undefined ? (['account', id, 'ledger'] as const) : (['account', id, 'ledger', filter] as const),
  recurring: (id: number) => ['account', id, 'recurring'] as const,
  series: (id: number, range?: ChartRange) =>
    range === undefined ? (['account', id, 'series'] as const) : (['account', id, 'series', range] as const),
  forecast: (id: number, days?: number) =>
    days === undefined ? (['account', id, 'forecast'] as const) : (['account', id, 'forecast', days] as const),
  // Under 'forecast', so whatever refreshes the forecast refreshes these too.
  outlook: (id: number, days: number) => ['account', id, 'forecast', 'outlook', days] as const,
  plan: (id: number, until: string, keepAbove: number | undefined, order: DateOrder) =>
    ['account', id, 'forecast', 'plan', until, keepAbove ?? null, order] as const,
};

/** What moves when the ledger (or a recurring charge) changes: every balance, the chart, the forecast. */
export function balanceKeys(id: number): readonly (readonly unknown[])[] {
  return [keys.balance(id), ['account', id, 'balance-at'], keys.series(id), keys.forecast(id), keys.ledger(id)];
}
