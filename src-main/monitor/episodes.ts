// One alert per episode. An episode opens when its condition first holds (the alert is raised
// then) and closes when a reading shows it no longer does; while it stays open nothing more is
// said, however often the account is read. The episodes are stored with the reading, so a
// restart while the balance is low says nothing new.
//
// Damping: an episode that closes and opens again within DAMPING_SECONDS is the same episode,
// resumed: nothing is raised (a balance flipping around zero, a provider failing every other
// check, a level nudged back and forth across the balance). The window still shows the readings.
//
// - low: the balance below the warning level while the warning is on; closed only when a reading
//   shows the balance back ABOVE the level (equal keeps it open). A new level opens a new episode
//   only when it puts the balance on the other side of it.
// - below_zero: the balance at or below zero (account-status's "below zero"); closed above zero.
//   Falling below zero in one step says "below zero" once, not "low" as well.
// - forecast_level / forecast_zero (forecastHolds, the one place): the forecast's earliest
//   plausible crossing (p10) of the level / zero is within the horizon while the balance is not
//   already there (account-status's forecastLow / forecastZero): it warns early rather than late.
//   A reading without a forecast (a provider not answering) leaves them as they are.
// - key_refused / unreachable / stale: a connected account's source (account-status's source);
//   each closes when the source is anything else.
import { type AccountStatus, accountStatus } from '../../src-shared/account-status.ts';
import { comparePence } from '../../src-shared/money/decimal.ts';
import { type AccountReading, EPISODES, type Episode, type Episodes } from './types.ts';

/**
 * How the account stands now, from a reading (the one function every channel uses): its forecast
 * crossings are the earliest plausible ones (p10) when the forecast has a range.
 */
export function statusOf(reading: AccountReading, nowSeconds: number): AccountStatus {
  return accountStatus({ ...reading, ...earliestCrossings(reading), now: nowSeconds });
}

/** The forecast crossings an account's state counts: the earliest plausible ones (p10) when the forecast has a range. */
export function earliestCrossings(r: AccountReading): {
  forecastBelowLevelAt: number | null;
  forecastZeroAt: number | null;
} {
  const range = r.forecastRange;
  return range == null
    ? { forecastBelowLevelAt: r.forecastBelowLevelAt, forecastZeroAt: r.forecastZeroAt }
    : { forecastBelowLevelAt: range.belowWarning.p10, forecastZeroAt: range.zero.p10 };
}

/** An episode closed this long ago or less is the same episode when its condition holds again. */
export const DAMPING_SECONDS = 30 * 60;

/**
 * The forecast's alerts, in one place: whether the forecast crosses the level (or zero) within
 * the horizon while the balance is not there yet, as account-status says; undefined (leave the
 * episode as it is) while there is no forecast.
 */
export function forecastHolds(
  episode: 'forecast_zero' | 'forecast_level',
  reading: AccountReading,
  status: AccountStatus,
): boolean | undefined {
  if (reading.forecastAt === null) return undefined;
  return episode === 'forecast_zero' ? status.forecastZero : status.forecastLow;
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
    case 'forecast_level':
      return forecastHolds(episode, reading, status);
    case 'key_refused':
    case 'unreachable':
    case 'stale':
      return status.source === episode;
  }
}

/**
 * The episodes after a reading at `now`: those that opened with it (to be raised, gravest first:
 * the order of EPISODES), and those that closed. One that opens again within DAMPING_SECONDS of
 * closing is resumed, not opened: it is open again, and nothing is raised.
 */
export function nextEpisodes(
  previous: Episodes,
  reading: AccountReading,
  status: AccountStatus,
  now: number,
): { episodes: Episodes; opened: Episode[]; closed: Episode[] } {
  const open = new Set(previous.open);
  // Only closings recent enough to resume are kept.
  const closedAt = new Map<Episode, number>();
  for (const [episode, at] of Object.entries(previous.closedAt ?? {}) as [Episode, number][])
    if (now - at <= DAMPING_SECONDS) closedAt.set(episode, at);
  const opened: Episode[] = [];
  const closed: Episode[] = [];
  for (const episode of EPISODES) {
    const holding = holds(episode, reading, status);
    if (holding === false && open.delete(episode)) {
      closed.push(episode);
      closedAt.set(episode, now);
    }
    if (holding !== true || open.has(episode)) continue;
    open.add(episode);
    if (closedAt.delete(episode)) continue; // resumed
    // Below zero in one step: that alert says it; "low" is part of the same fall.
    if (episode === 'low' && opened.includes('below_zero')) continue;
    opened.push(episode);
  }
  const episodes: Episodes = {
    open: [...open].sort(),
    closedAt: Object.fromEntries(closedAt),
    nextSummary: previous.nextSummary,
  };
  // The rest is carried as it was (the monitor updates it after); a stored `level` of earlier
  // versions, which re-armed on any new level, is dropped.
  if (previous.threads !== undefined) episodes.threads = previous.threads;
  if (previous.urgentNight !== undefined) episodes.urgentNight = previous.urgentNight;
  if (previous.surpriseAt !== undefined) episodes.surpriseAt = previous.surpriseAt;
  if (previous.surprisesThrough !== undefined) episodes.surprisesThrough = previous.surprisesThrough;
  return { episodes, opened, closed };
}
