// How good the forecast is, and what it costs (issue 32). The backtest (lib/backtest.ts): 300
// seeded synthetic accounts (270 local, 30 connected to this server playing their provider), each
// forecast at one cut and compared with its own continuation; for the learned forecast and for
// what is scheduled alone, beside it: how often the truth falls inside [p10, p90] (goal 75% to
// 90%), p50's median error in days where the run-out is within 60 days (goal at most 3), the
// range's median width. Then the speed: a 365-day forecast of a local account with 10,000 ledger
// entries (target under 50 ms), against reading that account's ledger once (every entry as a row)
// in the same run: the learned part reads its last 180 days of charges.
import { mkdirSync } from 'node:fs';
import { openApp } from '../../src-main/app.ts';
import { forecast } from '../../src-main/domain/forecast.ts';
import type { NewEntry } from '../../src-main/store/index.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';
import { mulberry32 } from '../../test/helpers/prng.ts';
import { CUT, runBacktest, scoresOf, type Scores } from '../lib/backtest.ts';
import type { Figure } from '../lib/figures.ts';
import { median } from '../lib/median.ts';
import type { Workdir } from './workdir.ts';

const SCALE = 10n ** 10n;
const DAY = 86_400;

function scoreFigures(label: string, learned: Scores, scheduled: Scores, note: string): Figure[] {
  return [
    {
      section: 'backtest',
      name: `${label}: truth inside [p10, p90]`,
      value: learned.coverage * 100,
      unit: '%',
      baseline: scheduled.coverage * 100,
      baselineLabel: 'scheduled only',
      target: '75% to 90%',
      check: { op: '>=', limit: 75, on: 'value' },
      note: `${learned.crossings} crossings (the truth or p10 within 90 days); ${note}`,
    },
    {
      section: 'backtest',
      name: `${label}: p50 median error, run-out within 60 days`,
      value: learned.p50ErrorDays,
      unit: 'days',
      baseline: scheduled.p50ErrorDays,
      baselineLabel: 'scheduled only',
      target: '<= 3 days',
      check: { op: '<=', limit: 3, on: 'value' },
      note: `accounts running out within 45 days told "not within the horizon" for the likely crossing: ${learned.missedWithin45} (scheduled only: ${scheduled.missedWithin45})`,
    },
    {
      section: 'backtest',
      name: `${label}: median width of [p10, p90]`,
      value: learned.widthDays,
      unit: 'days',
      baseline: scheduled.widthDays,
      baselineLabel: 'scheduled only',
      note: 'p90 beyond the horizon counts as its end',
    },
  ];
}

/** A local account of 10,000 entries over two years, with two recurring charges. */
export function speedFigure(work: Workdir): Figure[] {
  const dir = work.path('backtest-speed');
  mkdirSync(dir, { recursive: true });
  const app = openApp({
    dataDir: dir,
    timeZone: 'Europe/London',
    clock: () => CUT * 1000,
    vault: new SessionKeyVault('bench'),
    token: 'bench-token-0123456789',
    log: () => undefined,
  });
  try {
    const random = mulberry32(10_000);
    const { accountId } = app.domain.createAccount('Ten thousand');
    const rows: NewEntry[] = [];
    const start = CUT - 730 * DAY;
    for (let i = 0; i < 10_000; i++) {
      const at = start + Math.floor((i / 10_000) * 730 * DAY + random() * 3600);
      const topUp = i % 250 === 0;
      const pence = topUp ? 50_000 : 5 + Math.floor(random() * 30);
      rows.push({
        at,
        kind: topUp ? 'topup' : 'charge',
        amount: String(pence),
        units: (topUp ? 1n : -1n) * BigInt(pence) * SCALE,
        note: '',
      });
    }
    app.domain.store.ledger.addMany(accountId, rows);
    app.domain.addRecurring(accountId, { amount: '500', every: 'month', from: start });
    app.domain.addRecurring(accountId, { amount: '120', every: 'week', from: start });
    app.domain.updateSettings(accountId, { warningEnabled: true, warningLevel: 2000 });
    const full: number[] = [];
    const readOnce: number[] = [];
    let last: ReturnType<typeof forecast> | undefined;
    // Rounds taking turns, the median of each counts (the machine is shared).
    for (let round = 0; round < 15; round++) {
      let t0 = performance.now();
      if (app.domain.store.ledger.between(accountId, 0, CUT).length !== 10_000) throw new Error('not 10,000 entries');
      readOnce.push(performance.now() - t0);
      t0 = performance.now();
      last = forecast(app.domain, accountId, 365);
      full.push(performance.now() - t0);
    }
    if (last?.learned.scheduledOnly !== false) throw new Error('the 10,000-entry account did not learn a rate');
    return [
      {
        section: 'backtest',
        name: '365-day forecast, local account of 10,000 entries',
        value: median(full),
        unit: 'ms',
        baseline: median(readOnce),
        baselineLabel: 'reading its ledger once',
        target: '< 50 ms',
        check: { op: '<', limit: 50, on: 'value' },
        note: `median of 15 rounds; learned from ${last.learned.charges} charges over ${last.learned.days} days`,
      },
    ];
  } finally {
    app.close();
  }
}

export async function backtestFigures(work: Workdir, quick: boolean): Promise<Figure[]> {
  const result = await runBacktest(
    work.path('backtest'),
    quick ? { local: 60, connected: 6 } : { local: 270, connected: 30 },
  );
  const { accounts } = result;
  const note = `${accounts.local} local and ${accounts.connected} connected accounts, ${accounts.collecting} of them still collecting data (left out)`;
  return [
    ...scoreFigures('all accounts', result.learned, result.scheduledOnly, note),
    ...scoreFigures(
      'connected accounts',
      result.byKind.connected,
      scoresOf(
        result.rows.filter((r) => r.kind === 'connected' && !r.collecting),
        true,
      ),
      `${accounts.connected} connected, checked every 12 hours through their history`,
    ).slice(0, 2),
    ...speedFigure(work),
  ];
}
