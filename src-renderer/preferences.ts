// The window's own preferences, kept in the browser's storage for this origin (the desktop app's
// app:// origin never changes; a headless server on another port starts from the defaults).
import { useCallback, useState, useSyncExternalStore } from 'react';
import { HORIZON_DAYS } from '../src-shared/limits.ts';
import type { DateOrder } from '../src-shared/vocabulary.ts';
import { listeners } from './lib/listeners.ts';

/** How far ahead the forecast looks, in days: its own setting, never the chart's range. */
export const FORECAST_HORIZONS = [30, 90, 180, 365] as const;
export const DEFAULT_FORECAST_DAYS = 90;
const FORECAST_KEY = 'account-monitor.forecast-days';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (a locked-down browser): the default holds
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // As above: the choice lasts for this page only.
  }
}

export function readForecastDays(): number {
  const n = Number(stored(FORECAST_KEY));
  return (FORECAST_HORIZONS as readonly number[]).includes(n) ? n : DEFAULT_FORECAST_DAYS;
}

export function useForecastHorizon(): [number, (days: number) => void] {
  const [days, setDays] = useState(readForecastDays);
  const choose = useCallback((next: number) => {
    store(FORECAST_KEY, String(next));
    setDays(next);
  }, []);
  return [days, choose];
}

const DATE_ORDER_KEY = 'account-monitor.date-order';

/**
 * How 01/07/2026 is read when nobody chose: month first only for US English (the browser's or the
 * system's first language), day first everywhere else.
 */
export function defaultDateOrder(
  languages: readonly string[] = navigator.languages.length > 0 ? navigator.languages : [navigator.language],
): DateOrder {
  return /^en-US$/i.test(languages[0] ?? '') ? 'mdy' : 'dmy';
}

// One value for every date field of the window: a change in settings reaches them all at once.
const dateOrderListeners = listeners();

export function currentDateOrder(): DateOrder {
  const chosen = stored(DATE_ORDER_KEY);
  return chosen === 'mdy' || chosen === 'dmy' ? chosen : defaultDateOrder();
}

export function setDateOrder(next: DateOrder): void {
  store(DATE_ORDER_KEY, next);
  dateOrderListeners.notify();
}

/** The window's day/month order for slashed dates, used by every date field and import. */
export function useDateOrder(): DateOrder {
  return useSyncExternalStore(dateOrderListeners.subscribe, currentDateOrder);
}

/** "1 July 2026" or "7 January 2026": what 01/07/2026 means under an order, in words. */
export function dateOrderExample(order: DateOrder): string {
  return order === 'dmy' ? '1 July 2026' : '7 January 2026';
}

const CHART_RANGE_KEY = 'account-monitor.chart-range';
export const DEFAULT_CHART_RANGE = { back: 90, ahead: 90 } as const;

/** The chart's Days back and Days ahead as last chosen (kept like Look ahead), or 90 each way. */
export function readChartRange(): { back: number; ahead: number } {
  const m = /^(\d{1,4}),(\d{1,4})$/.exec(stored(CHART_RANGE_KEY) ?? '');
  const fits = (n: number) => n >= HORIZON_DAYS.min && n <= HORIZON_DAYS.max;
  const back = Number(m?.[1]);
  const ahead = Number(m?.[2]);
  return m && fits(back) && fits(ahead) ? { back, ahead } : { ...DEFAULT_CHART_RANGE };
}

export function useChartRange(): [{ back: number; ahead: number }, (range: { back: number; ahead: number }) => void] {
  const [range, setRange] = useState(readChartRange);
  const choose = useCallback((next: { back: number; ahead: number }) => {
    store(CHART_RANGE_KEY, `${next.back},${next.ahead}`);
    setRange(next);
  }, []);
  return [range, choose];
}
