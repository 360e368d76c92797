// The forecast in words, from /app/forecast. Kept apart from the view so the wording is tested.
import type { ForecastAnswer, When } from '../api/types.ts';
import { comparePence, penceText } from '../../src-shared/money/decimal.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { formatDate, formatDaysFromNow } from './datetime.ts';

export interface ForecastContext {
  warningLevel: number | null;
  warningEnabled: boolean;
  nowEpochSeconds: number;
}

export type Severity = 'ok' | 'warning' | 'danger';
export interface ForecastLine {
  text: string;
  severity: Severity;
}

function on(when: When, now: number): string {
  return `on ${formatDate(when.datetime)} (${formatDaysFromNow(when.epochSeconds, now)})`;
}

export function forecastWords(forecast: ForecastAnswer, ctx: ForecastContext): ForecastLine[] {
  const f = { ...forecast, balanceNow: penceText(forecast.balanceNow) };
  const lines: ForecastLine[] = [];
  const levelOn = ctx.warningEnabled && ctx.warningLevel !== null;
  const belowNow = levelOn && ctx.warningLevel !== null && comparePence(f.balanceNow, ctx.warningLevel) < 0;
  const zeroNow = comparePence(f.balanceNow, 0) <= 0;

  if (zeroNow && comparePence(f.balanceNow, 0) === 0) {
    // Exactly zero: a new, empty account, or one used up to the penny.
    lines.push({ text: 'Your balance is £0.00: add a top-up to keep your hosting running.', severity: 'danger' });
  } else if (zeroNow) {
    lines.push({ text: `Your balance is ${formatPounds(f.balanceNow)}: it has run out.`, severity: 'danger' });
  } else if (belowNow) {
    lines.push({ text: 'Your balance is already below your warning level.', severity: 'warning' });
  } else if (levelOn && f.belowWarning) {
    lines.push({
      text: `Falls below your warning level ${on(f.belowWarning, ctx.nowEpochSeconds)}.`,
      severity: 'warning',
    });
  }
  if (!zeroNow && f.zero) {
    lines.push({ text: `Reaches zero ${on(f.zero, ctx.nowEpochSeconds)}.`, severity: 'danger' });
  }
  if (lines.length === 0) {
    lines.push({ text: `No run-out in the next ${f.horizonDays} days.`, severity: 'ok' });
  }
  return lines;
}

export type BalanceState = 'ok' | 'below' | 'unknown';

/** The balance against the warning level: unknown when there is no level to compare with. */
export function balanceState(balance: string, warningLevel: number | null, warningEnabled: boolean): BalanceState {
  if (!warningEnabled || warningLevel === null) return 'unknown';
  return comparePence(balance, warningLevel) < 0 ? 'below' : 'ok';
}
