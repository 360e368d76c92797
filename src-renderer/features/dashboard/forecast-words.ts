// The forecast in words, from /app/forecast. Kept apart from the view so the wording is tested.
import type { ForecastAnswer, When } from '../../../src-shared/app-api.ts';
import { comparePence, penceText } from '../../../src-shared/money/decimal.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { formatDate, formatDaysFromNow } from '../../lib/datetime.ts';
import { standingOf } from './standing.ts';

export interface ForecastContext {
  warningLevel: number | null;
  warningEnabled: boolean;
  nowEpochSeconds: number;
}

/** How a line of the forecast is drawn (its colour and shape), not how the account stands. */
export type ForecastTone = 'ok' | 'warning' | 'danger';
export interface ForecastLine {
  text: string;
  severity: ForecastTone;
}

function on(when: When, now: number): string {
  return `on ${formatDate(when.datetime)} (${formatDaysFromNow(when.epochSeconds, now)})`;
}

export function forecastWords(forecast: ForecastAnswer, ctx: ForecastContext): ForecastLine[] {
  const f = { ...forecast, balanceNow: penceText(forecast.balanceNow) };
  const lines: ForecastLine[] = [];
  const levelOn = ctx.warningEnabled && ctx.warningLevel !== null;
  const standing = standingOf(f.balanceNow, ctx);
  const belowNow = standing === 'low';
  const zeroNow = standing === 'below_zero';

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
