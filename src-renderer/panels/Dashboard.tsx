// Dashboard: the balance now (a connected account's from its latest check, with a refresh), its
// state against the warning level, the forecast in words, the chart, and the "Balance at..." box.
import { useEffect, useState } from 'react';
import { useApp, useAsync } from '../hooks.ts';
import { Money } from '../components/Money.tsx';
import { StateBadge } from '../components/StateBadge.tsx';
import { Notice } from '../components/Notice.tsx';
import { balanceState, forecastWords } from '../lib/forecast.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { BalanceChart } from './BalanceChart.tsx';
import { BalanceAt } from './BalanceAt.tsx';
import { RemoteBalance } from './RemoteBalance.tsx';
import { RangeForm, type Range } from './RangeForm.tsx';
import { FORECAST_HORIZONS, useForecastHorizon } from '../preferences.ts';

/** Samples drawn: enough for a smooth line, few enough that each one can be shown as a point. */
const CHART_POINTS = 120;

export function Dashboard() {
  const { revision, report, status, account, api } = useApp();
  const remote = account.kind === 'remote';
  const [range, setRange] = useState<Range>({ back: 90, ahead: 90 });
  // The forecast's horizon is its own setting: the chart's range never changes what it says.
  const [horizon, setHorizon] = useForecastHorizon();
  // A connected account's balance now is its latest check (the summary), not a call per view.
  const now = useAsync(() => (remote ? Promise.resolve(undefined) : api.balanceXml()), [revision, remote]);
  const settings = useAsync(() => api.settings(), [revision]);
  const forecast = useAsync(() => api.forecast(horizon), [revision, horizon]);
  const series = useAsync(
    () => api.series(`-${range.back} days`, `+${range.ahead} days`, CHART_POINTS),
    [revision, range.back, range.ahead],
  );

  useEffect(() => {
    for (const e of [now.error, settings.error, forecast.error, series.error]) if (e) report(e);
  }, [now.error, settings.error, forecast.error, series.error, report]);

  const level = settings.data?.warningLevel ?? null;
  const enabled = settings.data?.warningEnabled ?? false;
  const balance = remote ? account.reading?.balance : now.data?.answer.balance;

  return (
    <section id="dashboard" className="panel" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">Dashboard</h2>
      <div className="dashboard-grid">
        <div className="card balance-card">
          <h3 id="balance-now-title">Balance now</h3>
          {now.error && (
            <Notice tone="error" title="Could not read the balance" headingLevel={3}>
              <p>{now.error.message}</p>
            </Notice>
          )}
          {remote && <RemoteBalance />}
          {!remote && balance !== undefined && now.data && (
            <>
              <p className="balance-big">
                <Money pence={balance} testId="balance-now" />
              </p>
              <p className="muted">
                at {formatDateTime(now.data.answer.datetime)} ({status.timeZone})
              </p>
            </>
          )}
          {balance !== undefined && settings.data && (
            <StateBadge state={balanceState(balance, level, enabled)} level={level} enabled={enabled} />
          )}
          {!remote && now.loading && balance === undefined && <p className="muted">Loading…</p>}
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
                warningLevel: level,
                warningEnabled: enabled,
                nowEpochSeconds: status.now.epochSeconds,
              }).map((line) => (
                <li key={line.text} className={`forecast-${line.severity}`}>
                  <span aria-hidden="true" className="forecast-shape">
                    {line.severity === 'ok' ? '●' : line.severity === 'warning' ? '▲' : '■'}
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
        </div>
        <BalanceAt />
      </div>
      <div className="card chart-card">
        <div className="chart-head">
          <h3 id="chart-title">Balance over time</h3>
          <RangeForm range={range} onChange={setRange} />
        </div>
        {series.error && (
          <Notice tone="error" title="Could not draw the chart" headingLevel={3}>
            <p>{series.error.message}</p>
          </Notice>
        )}
        {series.data && <BalanceChart series={series.data} warningEnabled={enabled} />}
        {series.loading && !series.data && <p className="muted">Drawing…</p>}
      </div>
    </section>
  );
}
