// One alert per episode. An episode opens when its condition first holds (the alert is raised
// then) and closes when a reading shows it no longer does; while it stays open nothing more is
// said, however often the account is read. The episodes are stored with the reading, so a
// restart while the balance is low says nothing new.
//
// - low: the balance below the warning level while the warning is on; closed only when a reading
//   shows the balance back ABOVE the level (equal keeps it open), or the level changes.
// - below_zero: the balance at or below zero (account-status's "below zero"); closed above zero.
//   Falling below zero in one step says "below zero" once, not "low" as well.
// - forecast_level / forecast_zero: the forecast crosses the level / zero within the horizon
//   while the balance is not already there (account-status's forecastLow / forecastZero). A
//   reading without a forecast (a provider not answering) leaves them as they are.
// - key_refused / unreachable / stale: a connected account's source (account-status's source);
//   each closes when the source is anything else.
import { type AccountStatus, accountStatus } from '../../src-shared/account-status.ts';
import { comparePence } from '../../src-shared/money/decimal.ts';
import { type AccountReading, EPISODES, type Episode, type Episodes } from './types.ts';

/** How the account stands now, from a reading (the one function every channel uses). */
export function statusOf(reading: AccountReading, nowSeconds: number): AccountStatus {
  return accountStatus({ ...reading, now: nowSeconds });
}

function holds(episode: Episode, reading: AccountReading, status: AccountStatus): boolean | undefined {
  const { balance } = reading;
  const levelOn = reading.warningEnabled && reading.warningLevel !== null;
  switch (episode) {
    case 'below_zero':
      return balance === null ? undefined : status.balance === 'below_zero';
    case 'low':
      if (balance === null || reading.warningLevel === null) return undefined;
      if (comparePence(balance, reading.warningLevel) > 0) return false;
      // Equal to the level, or below it with the warning off: neither raised nor re-armed.
      return levelOn && comparePence(balance, reading.warningLevel) < 0 ? true : undefined;
    case 'forecast_zero':
      return reading.forecastAt === null ? undefined : status.forecastZero;
    case 'forecast_level':
      return reading.forecastAt === null ? undefined : status.forecastLow;
    case 'key_refused':
    case 'unreachable':
    case 'stale':
      return status.source === episode;
  }
}

/**
 * The episodes after a reading, and those that opened with it (to be raised, gravest first:
 * the order of EPISODES).
 */
export function nextEpisodes(
  previous: Episodes,
  reading: AccountReading,
  status: AccountStatus,
): { episodes: Episodes; opened: Episode[] } {
  const open = new Set(previous.open);
  if (reading.warningLevel !== previous.level) {
    // A new level is a new threshold: crossing it is news even if the old one was crossed.
    open.delete('low');
    open.delete('forecast_level');
  }
  const opened: Episode[] = [];
  for (const episode of EPISODES) {
    const now = holds(episode, reading, status);
    if (now === false) open.delete(episode);
    if (now !== true || open.has(episode)) continue;
    open.add(episode);
    // Below zero in one step: that alert says it; "low" is part of the same fall.
    if (episode === 'low' && opened.includes('below_zero')) continue;
    opened.push(episode);
  }
  return {
    episodes: { open: [...open].sort(), level: reading.warningLevel, nextSummary: previous.nextSummary },
    opened,
  };
}
