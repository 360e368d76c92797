// Dashboard: the balance now (a connected account's from its latest check, with a refresh), how
// it stands against the warning level, the runway, the forecast in words, the "Balance at..." box, the top-up planner and the chart.
import { BalanceAt } from './BalanceAt.tsx';
import { BalanceNow } from './BalanceNow.tsx';
import { ChartCard } from './ChartCard.tsx';
import { Forecast } from './Forecast.tsx';
import { PlanCard } from './PlanCard.tsx';
import { useForecastHorizon } from '../../preferences.ts';

export function Dashboard() {
  // One horizon for the forecast's words and the runway beside the balance.
  const [horizon, setHorizon] = useForecastHorizon();
  return (
    <section id="dashboard" className="panel" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">Dashboard</h2>
      <div className="dashboard-grid">
        <div className="card balance-card">
          <h3 id="balance-now-title">Balance now</h3>
          <BalanceNow horizon={horizon} />
          <Forecast horizon={horizon} setHorizon={setHorizon} />
        </div>
        <BalanceAt />
      </div>
      <ChartCard />
      {/* Below the chart: the balance, its forecast and the chart stay in the first screenful. */}
      <div className="dashboard-grid">
        <PlanCard />
      </div>
    </section>
  );
}
