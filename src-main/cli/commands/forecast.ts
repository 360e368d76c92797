// `forecast [NAME] [--days N] [--json]`: the account's forecast, as `GET /app/accounts/:id/forecast`
// answers it (with --json, the very same object, from domain/forecast-answer.ts): each crossing's
// earliest plausible, likely and latest plausible instant, the confidence and what the learned
// part stands on. A connected account is checked first (as `plan` does), unless a check was made
// in the last minute. Without --json, the range in the window's words (src-shared/forecast-range.ts).
import { HORIZON_DAYS } from '../../../src-shared/limits.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { basisWords, rangeWords } from '../../../src-shared/forecast-range.ts';
import { formatLocal } from '../../dates/wall-clock.ts';
import { forecastAnswer } from '../../domain/forecast-answer.ts';
import { print, withContext } from '../context.ts';
import { UsageError } from '../errors.ts';
import { pickAccount } from './pick-account.ts';

export interface ForecastOptions {
  days?: string;
  key?: string;
  json?: boolean;
  dataDir?: string;
  providerCa?: string;
}

/** --days: whole days from 1 to 3650 (default 90). */
export function horizonOf(text: string | undefined): number {
  if (text === undefined) return HORIZON_DAYS.default;
  const days = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(days >= HORIZON_DAYS.min && days <= HORIZON_DAYS.max))
    throw new UsageError(`--days: whole days from ${HORIZON_DAYS.min} to ${HORIZON_DAYS.max}`);
  return days;
}

export function forecastCommand(name: string | undefined, opts: ForecastOptions): Promise<void> {
  const days = horizonOf(opts.days);
  return withContext(opts, async (ctx) => {
    const picked = await pickAccount(ctx, name, opts);
    if (picked.key !== undefined) await ctx.accounts.refresh(picked.overview.id, picked.key, false);
    const { source } = picked;
    const zone = ctx.domain.timeZone;
    const when = (t: number): { datetime: string; epochSeconds: number } => ({
      datetime: formatLocal(t, zone),
      epochSeconds: t,
    });
    const [f, settings] = await Promise.all([source.forecast(days), source.settings()]);
    const answer = forecastAnswer(f, when);
    if (opts.json === true) {
      print(JSON.stringify(answer));
      return;
    }
    const from = formatLocal(f.from, zone);
    const wall = (r: typeof answer.range.zero) => ({
      p10: r.p10?.datetime ?? null,
      p50: r.p50?.datetime ?? null,
      p90: r.p90?.datetime ?? null,
    });
    print(`${picked.overview.name}: ${formatPounds(f.balanceNow)} now; the next ${f.horizonDays} days:`);
    if (f.unknownBecause !== null) {
      print(`The crossings cannot be worked out: ${f.unknownBecause}`);
      return;
    }
    const level =
      settings.warningLevel === null
        ? undefined
        : rangeWords(
            `Falls below ${formatPounds(settings.warningLevel)}`,
            wall(answer.range.belowWarning),
            from,
            f.horizonDays,
          );
    const zero = rangeWords('Reaches zero', wall(answer.range.zero), from, f.horizonDays);
    if (level !== undefined) print(`${level}.`);
    print(zero === undefined ? `Does not reach zero within ${f.horizonDays} days.` : `${zero}.`);
    const basis = basisWords(answer.basis);
    const confidence = answer.confidence === 'collecting' ? '' : ` (${answer.confidence} confidence)`;
    print(`${basis.charAt(0).toUpperCase()}${basis.slice(1)}${confidence}.`);
  });
}
