// The forecast as the app API's /forecast route and `account-monitor forecast --json` both write
// it (one object, so a script reads the same from either): instants as the app's wall time and
// epoch seconds, the likely crossings where old scripts read them, the range, the confidence and
// what it stands on.
import type { CrossingRange as CrossingAnswer, ForecastAnswer, When } from '../../src-shared/app-api.ts';
import type { AccountForecast, CrossingRange } from './account-source.ts';

export function forecastAnswer(f: AccountForecast, when: (t: number) => When): ForecastAnswer {
  const at = (t: number | null): When | null => (t === null ? null : when(t));
  const range = (r: CrossingRange): CrossingAnswer => ({ p10: at(r.p10), p50: at(r.p50), p90: at(r.p90) });
  return {
    horizonDays: f.horizonDays,
    belowWarning: at(f.belowWarning),
    zero: at(f.zero),
    range: { belowWarning: range(f.range.belowWarning), zero: range(f.range.zero) },
    confidence: f.confidence,
    basis: f.basis,
    balanceNow: f.balanceNow,
  };
}
