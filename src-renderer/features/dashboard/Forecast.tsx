// The forecast in words, over its own horizon (the chart's range never changes what it says),
// from the outlook route: the crossings counted from where the forecast starts, a short dip that
// could hide, why the crossings may be unknown, and a note when the provider's clock differs.
import { useOutlook, useSettings } from '../../data/queries.ts';
import { FORECAST_HORIZONS } from '../../preferences.ts';
import { clockNote, outlookWords } from './forecast-words.ts';

const SHAPE = { ok: '●', warning: '▲', danger: '■' } as const;

export function Forecast({ horizon, setHorizon }: { horizon: number; setHorizon: (days: number) => void }) {
  const outlook = useOutlook(horizon);
  const settings = useSettings();
  const clock = outlook.data ? clockNote(outlook.data.clock) : undefined;
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
      {outlook.data && settings.data ? (
        <ul className="forecast" aria-live="polite" data-testid="forecast">
          {outlookWords(outlook.data, {
            warningLevel: settings.data.warningLevel,
            warningEnabled: settings.data.warningEnabled,
          }).map((line) => (
            <li key={line.text} className={`forecast-${line.severity}`}>
              <span aria-hidden="true" className="forecast-shape">
                {SHAPE[line.severity]}
              </span>{' '}
              {line.text}
            </li>
          ))}
        </ul>
      ) : outlook.error ? (
        <p className="field-error">The forecast is not available: {outlook.error.message}</p>
      ) : (
        <p className="muted">Working out the forecast…</p>
      )}
      {clock !== undefined && (
        <p className="clock-note small" data-testid="clock-note">
          {clock}
        </p>
      )}
    </>
  );
}
