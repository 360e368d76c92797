// The window's own preferences, kept in the browser's storage for this origin (the desktop app's
// app:// origin never changes; a headless server on another port starts from the defaults).
import { useCallback, useState } from 'react';

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
