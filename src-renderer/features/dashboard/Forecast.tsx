// The forecast in words, over its own horizon (the chart's range never changes what it says).
import { useAccount } from '../../data/account-context.ts';
import { useForecast, useSettings } from '../../data/queries.ts';
import { FORECAST_HORIZONS, useForecastHorizon } from '../../preferences.ts';
import { forecastWords } from './forecast-words.ts';

const SHAPE = { ok: '●', warning: '▲', danger: '■' } as const;

export function Forecast() {
  const { status } = useAccount();
  const [horizon, setHorizon] = useForecastHorizon();
  const forecast = useForecast(horizon);
  const settings = useSettings();
  return (
    <>
      <div className="forecast-head">
        <h3 className="forecast-title" id="forecast-title">
          Forecast for the next {horizon} days
        </h3>
        <label>
          Look ahead{' '}
          <select
            value={horizon}
            onChange={(e) => {
              setHorizon(Number(e.target.value));
            }}
            aria-describedby="forecast-title"
          >
            {FORECAST_HORIZONS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      {forecast.data && settings.data ? (
        <ul className="forecast" aria-live="polite">
          {forecastWords(forecast.data, {
            warningLevel: settings.data.warningLevel,
            warningEnabled: settings.data.warningEnabled,
            nowEpochSeconds: status.now.epochSeconds,
          }).map((line) => (
            <li key={line.text} className={`forecast-${line.severity}`}>
              <span aria-hidden="true" className="forecast-shape">
                {SHAPE[line.severity]}
              </span>{' '}
              {line.text}
            </li>
          ))}
        </ul>
      ) : forecast.error ? (
        <p className="field-error">The forecast is not available: {forecast.error.message}</p>
      ) : (
        <p className="muted">Working out the forecast…</p>
      )}
    </>
  );
}
