// The forecast in words, from /app/forecast and /app/accounts/:id/outlook (the same crossings,
// with the runway, a short dip that could hide and why the crossings may be unknown). Kept apart
// from the view so the wording is tested.
import type { ForecastAnswer, OutlookAnswer, ProviderClockAnswer, When } from '../../../src-shared/app-api.ts';
import { comparePence, penceText } from '../../../src-shared/money/decimal.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { clockGapWords } from '../../../src-shared/provider-clock.ts';
import { runwayWords } from '../../../src-shared/runway.ts';
import { formatDate, formatDateTime, formatDaysFromNow } from '../../lib/datetime.ts';
import { standingOf } from '../../lib/standing.ts';

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

/**
 * The outlook in words: the forecast's lines (counted from where the forecast starts, the
 * provider's now when its clock differs), then, when it matters, a dip shorter than a day that
 * the daily look could miss; when the crossings cannot be known, that is said instead of "No
 * run-out".
 */
export function outlookWords(outlook: OutlookAnswer, ctx: Omit<ForecastContext, 'nowEpochSeconds'>): ForecastLine[] {
  const full = { ...ctx, nowEpochSeconds: outlook.from.epochSeconds };
  const lines = forecastWords(outlook, full);
  const levelOn = ctx.warningEnabled && ctx.warningLevel !== null;
  if (outlook.unknownBecause !== null) {
    const known = lines.filter((l) => l.severity !== 'ok');
    return [
      ...known,
      {
        text: `The forecast cannot be worked out: ${outlook.unknownBecause.replace(/\.$/, '')}. The balance and its state above still stand.`,
        severity: 'warning',
      },
    ];
  }
  const dip = outlook.shortDipPossibleAt;
  const standing = standingOf(penceText(outlook.balanceNow), ctx);
  if (levelOn && dip !== null && standing === 'ok') {
    lines.push({
      text: `A dip below your warning level lasting less than a day around ${formatDateTime(dip.datetime)} cannot be ruled out: your provider's balances are looked at once a day.`,
      severity: 'warning',
    });
  }
  return lines;
}

/** "41 days left", beside the balance; undefined when the crossings are unknown. */
export function runwayText(outlook: OutlookAnswer): string | undefined {
  if (outlook.unknownBecause !== null) return undefined;
  return runwayWords(outlook.runwayDays, outlook.horizonDays);
}

/**
 * "Your provider's clock is 12 minutes ahead of this computer's: ..." when the two differ by more
 * than a few minutes (src-shared/provider-clock.ts decides); undefined otherwise.
 */
export function clockNote(clock: ProviderClockAnswer | null): string | undefined {
  if (clock === null || !clock.differs) return undefined;
  const way = clock.offsetSeconds > 0 ? 'ahead of' : 'behind';
  return `Your provider's clock is ${clockGapWords(clock.offsetSeconds)} ${way} this computer's (its time now: ${formatDateTime(clock.providerNow)}). The forecast, the chart and the planner count from your provider's now, as it reads dates.`;
}
