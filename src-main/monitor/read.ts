// Reading one account for the monitor: what accountStatus() needs, from the account's source
// (settings, and for a local account the balance now and the forecast, computed in-process) and,
// for a connected account, from what the app observed (its latest check: no provider call). A
// connected account's forecast asks the provider (its projected balances), so it is made again
// only when it is due: every `remoteForecastEverySeconds`, or when the level or horizon changed.
import type { AccountForecast } from '../domain/account-source.ts';
import type { AccountOverview } from '../domain/accounts.ts';
import type { AccountReading, WatchedAccount } from './types.ts';
import { messageOf } from '../../src-shared/message-of.ts';

export interface ReadOptions {
  nowSeconds: number;
  horizonDays: number;
  /** A connected account's reading older than this is stale. */
  staleAfterSeconds: number;
  /** The account's previous reading (its forecast is reused until due). */
  previous: AccountReading | undefined;
  /** How often a connected account's forecast is asked of its provider; undefined: never (no provider calls). */
  remoteForecastEverySeconds: number | undefined;
}

type RemoteSettings = Pick<AccountReading, 'warningEnabled' | 'warningLevel' | 'summary'>;

/**
 * A connected account as the app observed it (its latest check, the settings that check read),
 * with the previous reading's forecast: no provider call. `status` and `check` use it as it is.
 */
export function observedReading(
  overview: AccountOverview,
  settings: RemoteSettings | undefined,
  o: Pick<ReadOptions, 'previous' | 'staleAfterSeconds' | 'horizonDays'>,
): AccountReading {
  const previous = o.previous;
  return {
    balance: overview.reading?.balance ?? null,
    readAt: overview.reading?.at ?? null,
    warningEnabled: settings?.warningEnabled ?? previous?.warningEnabled ?? false,
    warningLevel: settings === undefined ? (previous?.warningLevel ?? null) : settings.warningLevel,
    summary: settings?.summary ?? previous?.summary ?? [],
    checkOutcome: overview.kind === 'local' ? null : overview.state,
    lastAnsweredAt: overview.lastAnsweredAt,
    staleAfterSeconds: o.staleAfterSeconds,
    forecastBelowLevelAt: previous?.forecastBelowLevelAt ?? null,
    forecastZeroAt: previous?.forecastZeroAt ?? null,
    forecastAt: previous?.forecastAt ?? null,
    forecastFrom: previous?.forecastFrom ?? null,
    forecastRange: previous?.forecastRange ?? null,
    horizonDays: previous?.horizonDays ?? o.horizonDays,
    problem: overview.problem,
  };
}

/** What a reading keeps of a forecast made now. */
function forecastPart(
  forecast: AccountForecast,
  o: Pick<ReadOptions, 'nowSeconds' | 'horizonDays'>,
): Pick<
  AccountReading,
  'forecastBelowLevelAt' | 'forecastZeroAt' | 'forecastAt' | 'forecastFrom' | 'forecastRange' | 'horizonDays'
> {
  return {
    forecastBelowLevelAt: forecast.belowWarning,
    forecastZeroAt: forecast.zero,
    forecastAt: o.nowSeconds,
    forecastFrom: forecast.from,
    forecastRange: forecast.range,
    horizonDays: o.horizonDays,
  };
}

export async function readAccount(account: WatchedAccount, o: ReadOptions): Promise<AccountReading> {
  const overview = account.overview();
  if (overview === undefined) throw new Error(`account ${account.id} is gone`);
  const source = await account.open();
  if (overview.kind === 'local') {
    const [settings, forecast] = await Promise.all([source.settings(), source.forecast(o.horizonDays)]);
    return {
      balance: forecast.balanceNow,
      readAt: forecast.observedAt,
      warningEnabled: settings.warningEnabled,
      warningLevel: settings.warningLevel,
      summary: settings.summary,
      checkOutcome: null,
      lastAnsweredAt: null,
      staleAfterSeconds: o.staleAfterSeconds,
      ...forecastPart(forecast, o),
      problem: null,
    };
  }
  let settings: RemoteSettings | undefined;
  let problem: string | null = null;
  try {
    settings = await source.settings();
  } catch (error: unknown) {
    // No check has read the settings yet: the provider has not answered this app.
    problem = messageOf(error);
  }
  const reading = observedReading(overview, settings, o);
  if (reading.problem === null && problem !== null) reading.problem = problem;
  const previous = o.previous;
  const every = o.remoteForecastEverySeconds;
  const due =
    every !== undefined &&
    overview.state === 'ok' &&
    reading.balance !== null &&
    (previous?.forecastAt == null ||
      o.nowSeconds - previous.forecastAt >= every ||
      previous.warningLevel !== reading.warningLevel ||
      previous.horizonDays !== o.horizonDays);
  if (!due) return reading;
  try {
    const forecast = await source.forecast(o.horizonDays);
    return { ...reading, ...forecastPart(forecast, o) };
  } catch {
    // The provider failed mid-way: the previous forecast stands until the next one is due.
    return reading;
  }
}
