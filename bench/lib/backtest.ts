// The forecast's backtest (issue 32): seeded synthetic accounts (synthetic-accounts.ts), each cut
// at one instant, forecast there by the app itself, then compared with its own continuation.
// Local accounts go through the domain over SQLite; connected ones through this project's own
// server playing the provider (its ledger growing as the clock moves, as a provider's does) and
// a local app connected to it that checks every few hours, so their forecast learns from what
// the checks found. Scored for the learned forecast and for what is scheduled alone:
// - coverage: how often the true crossing lies in [p10, p90] (a crossing beyond the horizon
//   counts as "later than anything"), over the crossings where the truth or p10 is in the horizon;
// - p50's median error in days where the true run-out is within 60 days;
// - the range's median width in days (p90 beyond the horizon counts as the horizon's end).
import { mkdirSync } from 'node:fs';
import { openApp, type App } from '../../src-main/app.ts';
import type { CrossingRange } from '../../src-main/domain/account-source.ts';
import { forecast } from '../../src-main/domain/forecast.ts';
import type { AccountDomain } from '../../src-main/domain/account-domain.ts';
import type { NewEntry } from '../../src-main/store/index.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';
import { listen, type Listening } from '../../src-main/service/server.ts';
import { median } from './median.ts';
import { DAY, syntheticAccount, type SyntheticAccount } from './synthetic-accounts.ts';

/** The cut every account shares: 27 Nov 2026, noon in London. */
export const CUT = Date.UTC(2026, 10, 27, 12) / 1000;
export const HORIZON_DAYS = 90;
const ZONE = 'Europe/London';
const SCALE = 10n ** 10n;
/** How often a connected account is checked through its history, unless told otherwise. */
const CHECK_EVERY = 12 * 3600;

export interface Scored {
  seed: number;
  kind: 'local' | 'connected';
  level: 'zero' | 'warning';
  /** Days from the cut: the truth, and the forecast's range (null: not within the horizon). */
  truth: number | null;
  range: { p10: number | null; p50: number | null; p90: number | null };
  scheduled: number | null;
  collecting: boolean;
  story: string;
}

export interface Scores {
  /** Crossings scored (the truth or p10 within the horizon), and of them the forecasts with a range. */
  crossings: number;
  coverage: number;
  /** Median |p50 - truth| in days, where the truth is within 60 days. */
  p50ErrorDays: number;
  widthDays: number;
  /** Accounts running out within 45 days told "not within the horizon" for the likely crossing. */
  missedWithin45: number;
}

export interface BacktestResult {
  accounts: { local: number; connected: number; collecting: number };
  learned: Scores;
  scheduledOnly: Scores;
  byKind: { local: Scores; connected: Scores };
  rows: Scored[];
  /** The median time one 90-day forecast took (ms), local and connected. */
  forecastMs: { local: number; connected: number };
}

const days = (t: number | null): number | null => (t === null ? null : (t - CUT) / DAY);

/**
 * The continuation's first instant below `level` pence: the account's own balance as the app
 * computes it (its ledger and recurring charges, nothing after the cut) less the future charges
 * up to each instant; between two charges only the accrual moves it, so each gap is bisected.
 */
function truthCrossing(domain: AccountDomain, accountId: number, a: SyntheticAccount, level: number): number | null {
  const end = CUT + HORIZON_DAYS * DAY;
  let spent = 0n;
  const below = (t: number): boolean => domain.balanceUnitsAt(accountId, t) - spent * SCALE < BigInt(level) * SCALE;
  if (below(CUT)) return CUT;
  let previous = CUT;
  const stops = [...a.future.filter((c) => c.at <= end), { at: end, pence: 0, note: '' }];
  for (const c of stops) {
    if (c.at - 1 > previous && below(c.at - 1)) {
      let lo = previous;
      let hi = c.at - 1;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (below(mid)) hi = mid;
        else lo = mid;
      }
      return hi;
    }
    spent += BigInt(c.pence);
    if (below(c.at)) return c.at;
    previous = c.at;
  }
  return null;
}

/** The account's history into a domain (the provider's, for a connected one: up to `until` only). */
function entriesOf(a: SyntheticAccount, from: number, until: number): NewEntry[] {
  const rows: NewEntry[] = [];
  for (const t of a.topUps)
    if (t.at > from && t.at <= until)
      rows.push({ at: t.at, kind: 'topup', amount: String(t.pence), units: BigInt(t.pence) * SCALE, note: t.note });
  for (const c of a.charges)
    if (c.at > from && c.at <= until)
      rows.push({ at: c.at, kind: 'charge', amount: String(c.pence), units: -BigInt(c.pence) * SCALE, note: c.note });
  return rows.sort((x, y) => x.at - y.at);
}

function openAccount(domain: AccountDomain, a: SyntheticAccount, key?: string): number {
  const { accountId } = domain.createAccount(`Backtest ${a.seed}`, key);
  if (a.recurring !== null)
    domain.addRecurring(accountId, { amount: String(a.recurring.pence), every: a.recurring.every, from: a.openedAt });
  if (a.warningLevel !== null) domain.updateSettings(accountId, { warningEnabled: true, warningLevel: a.warningLevel });
  return accountId;
}

function scoreOf(
  seed: number,
  kind: Scored['kind'],
  a: SyntheticAccount,
  domain: AccountDomain,
  accountId: number,
  range: { belowWarning: CrossingRange; zero: CrossingRange },
  collecting: boolean,
  scheduled: { belowWarning: number | null; zero: number | null },
): Scored[] {
  const out: Scored[] = [];
  const levels: [Scored['level'], number | null, CrossingRange, number | null][] = [
    ['zero', 0, range.zero, scheduled.zero],
    ['warning', a.warningLevel, range.belowWarning, scheduled.belowWarning],
  ];
  for (const [level, pence, range, sched] of levels) {
    if (pence === null) continue;
    const truth = truthCrossing(domain, accountId, a, pence);
    // Already below at the cut: nothing to forecast.
    if (truth === CUT) continue;
    out.push({
      seed,
      kind,
      level,
      truth: days(truth),
      range: { p10: days(range.p10), p50: days(range.p50), p90: days(range.p90) },
      scheduled: days(sched),
      collecting,
      story: a.story,
    });
  }
  return out;
}

/** The figures over some scored crossings, for the learned range or for the scheduled date alone. */
export function scoresOf(rows: readonly Scored[], scheduledOnly = false): Scores {
  const r = (x: Scored): Scored['range'] =>
    scheduledOnly ? { p10: x.scheduled, p50: x.scheduled, p90: x.scheduled } : x.range;
  const counted = rows.filter((x) => x.truth !== null || r(x).p10 !== null);
  const inf = (v: number | null): number => v ?? Infinity;
  const covered = counted.filter((x) => inf(r(x).p10) <= inf(x.truth) && inf(x.truth) <= inf(r(x).p90));
  const errors = rows
    .filter((x) => x.truth !== null && x.truth <= 60)
    .map((x) => Math.abs((r(x).p50 ?? HORIZON_DAYS) - (x.truth ?? 0)));
  const widths = counted.map((x) => (r(x).p90 ?? HORIZON_DAYS) - (r(x).p10 ?? HORIZON_DAYS));
  const missed = rows.filter((x) => x.level === 'zero' && x.truth !== null && x.truth <= 45 && r(x).p50 === null);
  return {
    crossings: counted.length,
    coverage: counted.length === 0 ? Number.NaN : covered.length / counted.length,
    p50ErrorDays: median(errors),
    widthDays: median(widths),
    missedWithin45: missed.length,
  };
}

function appAt(dir: string, clock: () => number): App {
  mkdirSync(dir, { recursive: true });
  return openApp({
    dataDir: dir,
    timeZone: ZONE,
    clock: () => clock() * 1000,
    vault: new SessionKeyVault('backtest'),
    token: 'backtest-token-0123456789',
    log: () => undefined,
  });
}

/**
 * The connected accounts: a provider (this server) whose ledgers grow as its clock moves through
 * the histories, a local app that connected to each at its opening and checks it every
 * CHECK_EVERY; at the cut, its forecast. The truth is the provider's own balance less the future.
 */
async function runConnected(
  dir: string,
  seeds: readonly number[],
  rows: Scored[],
  times: number[],
  checkEvery: number,
): Promise<void> {
  const accounts = seeds.map((seed) => syntheticAccount(seed, CUT));
  const start = Math.min(...accounts.map((a) => a.openedAt));
  let now = start;
  const provider = appAt(`${dir}/provider`, () => now);
  const local = appAt(`${dir}/local`, () => now);
  let server: Listening | undefined;
  try {
    server = await listen((request) => provider.handler(request), { host: '127.0.0.1', port: 0 });
    const base = server.url;
    const opened: { a: SyntheticAccount; providerId: number; localId: number | undefined; key: string }[] =
      accounts.map((a) => ({
        a,
        providerId: openAccount(provider.domain, a, `backtest-key-${a.seed}-0123456789`),
        localId: undefined,
        key: `backtest-key-${a.seed}-0123456789`,
      }));
    let previous = -Infinity;
    for (let t = start; ; t = Math.min(t + checkEvery, CUT)) {
      now = t;
      for (const o of opened) {
        if (o.a.openedAt > t) continue;
        const rowsNow = entriesOf(o.a, previous, t);
        if (rowsNow.length > 0) provider.domain.store.ledger.addMany(o.providerId, rowsNow);
        if (o.localId === undefined) {
          o.localId = (await local.accounts.connect({ baseUrl: base, key: o.key })).accountId;
        } else {
          await local.accounts.refresh(o.localId, o.key, true);
        }
      }
      previous = t;
      if (t >= CUT) break;
    }
    for (const o of opened) {
      const source = local.accounts.forKey(o.key);
      const t0 = performance.now();
      const f = await source.forecast(HORIZON_DAYS);
      times.push(performance.now() - t0);
      // What is scheduled alone: the provider's own forecast from its ledger (nothing after the cut in it).
      const sched = forecast(provider.domain, o.providerId, HORIZON_DAYS).scheduled;
      rows.push(
        ...scoreOf(o.a.seed, 'connected', o.a, provider.domain, o.providerId, f.range, f.basis.scheduledOnly, sched),
      );
    }
  } finally {
    await server?.close();
    local.close();
    provider.close();
  }
}

export async function runBacktest(
  dir: string,
  options: { local: number; connected: number; firstSeed?: number; checkEverySeconds?: number },
): Promise<BacktestResult> {
  const first = options.firstSeed ?? 1;
  const localSeeds = Array.from({ length: options.local }, (_, i) => first + i);
  const connectedSeeds = Array.from({ length: options.connected }, (_, i) => first + options.local + i);
  const rows: Scored[] = [];
  const localMs: number[] = [];
  const connectedMs: number[] = [];
  runLocal(`${dir}/local`, localSeeds, rows, localMs);
  if (connectedSeeds.length > 0)
    await runConnected(`${dir}/connected`, connectedSeeds, rows, connectedMs, options.checkEverySeconds ?? CHECK_EVERY);
  const learnedRows = rows.filter((x) => !x.collecting);
  return {
    accounts: {
      local: localSeeds.length,
      connected: connectedSeeds.length,
      collecting: new Set(rows.filter((x) => x.collecting).map((x) => `${x.kind}${x.seed}`)).size,
    },
    learned: scoresOf(learnedRows),
    scheduledOnly: scoresOf(learnedRows, true),
    byKind: {
      local: scoresOf(learnedRows.filter((x) => x.kind === 'local')),
      connected: scoresOf(learnedRows.filter((x) => x.kind === 'connected')),
    },
    rows,
    forecastMs: { local: median(localMs), connected: median(connectedMs) },
  };
}

/** The local accounts: each opened with its history and forecast at the cut by the domain (which gives what is scheduled alone beside the range). */
function runLocal(dir: string, seeds: readonly number[], rows: Scored[], times: number[]): void {
  const app = appAt(dir, () => CUT);
  try {
    for (const seed of seeds) {
      const a = syntheticAccount(seed, CUT);
      const id = openAccount(app.domain, a);
      app.domain.store.ledger.addMany(id, entriesOf(a, -Infinity, CUT));
      const t0 = performance.now();
      const f = forecast(app.domain, id, HORIZON_DAYS);
      times.push(performance.now() - t0);
      rows.push(...scoreOf(seed, 'local', a, app.domain, id, f.range, f.learned.scheduledOnly, f.scheduled));
    }
  } finally {
    app.close();
  }
}
