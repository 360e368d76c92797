// The forecast in words, from /app/forecast and /app/accounts/:id/outlook (the same crossings,
// with the runway, a short dip that could hide and why the crossings may be unknown). Once the
// forecast has learned the account's spending, each crossing is said as its range ("Reaches zero
// between 19 and 28 Dec, most likely 23 Dec") with what it stands on ("your usage averages £1.21
// a day over 60 days, on top of £5.00 a month scheduled"); while it collects data, the scheduled
// crossings as before and "Collecting data: counting scheduled charges only." Kept apart from the
// view so the wording is tested.
import type {
  CrossingRange,
  ForecastAnswer,
  OutlookAnswer,
  ProviderClockAnswer,
  When,
} from '../../../src-shared/app-api.ts';
import { basisWords, COLLECTING_WORDS, rangeWords, type RangeForWords } from '../../../src-shared/forecast-range.ts';
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

const wallRange = (r: CrossingRange): RangeForWords => ({
  p10: r.p10?.datetime ?? null,
  p50: r.p50?.datetime ?? null,
  p90: r.p90?.datetime ?? null,
});

/** "Collecting data: counting scheduled charges only." */
const COLLECTING_LINE = `${COLLECTING_WORDS.charAt(0).toUpperCase()}${COLLECTING_WORDS.slice(1)}.`;

/**
 * The forecast's lines. `from`: the wall time it starts at (the outlook's; the year of a date in
 * its own year is left out of a range).
 */
export function forecastWords(forecast: ForecastAnswer, ctx: ForecastContext, from?: string): ForecastLine[] {
  if (forecast.basis.scheduledOnly) {
    const lines = crossingLines(forecast, ctx);
    return [...lines, { text: COLLECTING_LINE, severity: 'ok' }];
  }
  const lines = crossingLines(forecast, ctx, from ?? forecast.range.zero.p50?.datetime ?? '');
  // What the range stands on, after the crossing it is most about.
  const last = lines.at(-1);
  if (last !== undefined) last.text = `${last.text.replace(/\.$/, '')}: ${basisWords(forecast.basis)}.`;
  return lines;
}

/** The lines about the crossings: each a range when `from` is given (a learned forecast), else its one date. */
function crossingLines(forecast: ForecastAnswer, ctx: ForecastContext, from?: string): ForecastLine[] {
  const f = { ...forecast, balanceNow: penceText(forecast.balanceNow) };
  const ranged = (verb: string, r: CrossingRange): string | undefined =>
    from === undefined ? undefined : rangeWords(verb, wallRange(r), from, f.horizonDays);
  const levelRange = ranged('Falls below your warning level', f.range.belowWarning);
  const zeroRange = ranged('Reaches zero', f.range.zero);
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
  } else if (levelOn && levelRange !== undefined) {
    lines.push({ text: `${levelRange}.`, severity: 'warning' });
  } else if (levelOn && f.belowWarning) {
    lines.push({
      text: `Falls below your warning level ${on(f.belowWarning, ctx.nowEpochSeconds)}.`,
      severity: 'warning',
    });
  }
  if (!zeroNow && zeroRange !== undefined) {
    lines.push({ text: `${zeroRange}.`, severity: 'danger' });
  } else if (!zeroNow && f.zero) {
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
  const lines = forecastWords(outlook, full, outlook.from.datetime);
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

/**
 * Beside the balance, from the likely crossing, and saying so once the forecast has a range:
 * "runs out in about 26 days (the likely day; 22 to 31 days plausible)"; undefined when the
 * crossings are unknown.
 */
export function runwayText(outlook: OutlookAnswer): string | undefined {
  if (outlook.unknownBecause !== null) return undefined;
  const words = runwayWords(outlook.runwayDays, outlook.horizonDays);
  const { p10, p90 } = outlook.range.zero;
  if (outlook.basis.scheduledOnly || outlook.runwayDays === null || outlook.runwayDays === 0 || p10 === null)
    return words;
  const from = outlook.from.epochSeconds;
  const days = (w: When): number => Math.max(0, Math.floor((w.epochSeconds - from) / 86_400));
  const latest = p90 === null ? `more than ${outlook.horizonDays}` : String(days(p90));
  return `${words} (the likely day; ${days(p10)} to ${latest} days plausible)`;
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
