// Shapes of the app API's JSON answers (docs/app-api.md).
import type { Forecast, When } from '../lib/forecast.ts';

export type { Forecast, When };

export interface Status {
  /** `invalid`: a key is stored but the service refuses it (revoked). */
  key: 'stored' | 'session' | 'none' | 'invalid';
  vault: { mode: 'keychain' | 'session'; store: string; reason?: string };
  account?: { name: string };
  timeZone: string;
  now: When;
  api: { baseUrl: string | null; listening: boolean };
}

export interface Settings { warningEnabled: boolean; warningLevel: number | null; summary: string[]; disk: number[]; bandwidth: number[] }

export interface LedgerEntry { id: number | string; datetime: string; epochSeconds: number; amount: string; signedAmount: string; kind: string; note: string }
/** The contract pages with `before`/`nextBefore`; an offset cursor (`nextOffset`) is accepted too. */
export interface LedgerPage { entries: LedgerEntry[]; total: number; nextBefore?: number | string | null; nextOffset?: number | null }
export type LedgerCursor = { before: number | string } | { offset: number };

export interface Recurring { id: number | string; amount: string; every: string; from: When; until: When | null; note?: string }

export interface Resolved { datetime: string; epochSeconds: number; understood: boolean; stage: string }

export interface SeriesPoint { epochSeconds: number; datetime: string; balance: string }
export interface SeriesEvent { epochSeconds: number; datetime: string; amount: string; kind: string }
export interface Series { points: SeriesPoint[]; events: SeriesEvent[]; warningLevel: number | null; now: number }
