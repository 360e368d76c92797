// Where a connected account's future starts: its latest reading, placed on the provider's clock.
// A reading carries the provider's wall time, not an instant; the instant comes from the zone
// offset its `@<seconds>` answers show (provider-clock.ts). Checks work it out as they go
// (check-comparison.ts); a reading made before anything was projected (connecting) is placed here
// once, with one or two asks, and kept with the observation.
import { ProviderError } from '../provider/errors.ts';
import type { Observation, Store } from '../store/index.ts';
import { storeProblem } from '../store/index.ts';
import type { ProjectionCache } from './projection-cache.ts';
import { GRID_SECONDS, gridAfter } from './projection.ts';
import { effectiveSkew, instantOf, offsetOf } from './provider-clock.ts';

/** A reading that carries a balance and the provider's datetime for it. */
export type Reading = Observation & { balance: string; providerDatetime: string };

export interface Frame {
  reading: Reading;
  /** The reading's instant on the provider's clock (epoch seconds). */
  startAt: number;
  /** How far the provider's clock is ahead of this machine's, in seconds (negative: behind). */
  skew: number;
  /**
   * Now on the provider's clock (this machine's now when the clocks agree within the tolerance),
   * never before the reading: where forecasts and plans start.
   */
  from: number;
}

/** Offsets the provider's zone had near t, from kept answers on either side of it (within two days). */
export function offsetsNear(cache: ProjectionCache, t: number): number[] {
  const kept = cache.entries(t - 2 * GRID_SECONDS, t + 2 * GRID_SECONDS);
  const before = kept.filter((p) => p.at <= t).at(-1);
  const after = kept.find((p) => p.at > t);
  return [before, after].filter((p) => p !== undefined).map((p) => offsetOf(p.at, p.datetime));
}

/** How far the provider's clock was from this machine's at the latest check that knew (0 if none did). */
export function lastSkew(store: Store, accountId: number): number {
  const last = store.comparisons.latestClock(accountId);
  return last?.providerAt == null ? 0 : last.providerAt - last.at;
}

export async function frameOf(
  store: Store,
  accountId: number,
  reading: Reading,
  cache: ProjectionCache,
  now: number,
): Promise<Frame> {
  const startAt = store.comparisons.forObservation(reading.id)?.providerAt ?? (await place(store, reading, cache));
  const skew = startAt - reading.at;
  return { reading, startAt, skew, from: Math.max(startAt, now + effectiveSkew(skew)) };
}

/** The reading's instant on the provider's clock, from offsets kept near it or asked for. */
async function place(store: Store, reading: Reading, cache: ProjectionCache): Promise<number> {
  const near = reading.at + lastSkew(store, reading.accountId);
  cache.load(near - 2 * GRID_SECONDS, near + 2 * GRID_SECONDS);
  let offsets = offsetsNear(cache, near);
  if (offsets.length === 0) {
    const t = gridAfter(near);
    offsets = [offsetOf(t, (await cache.at(t)).datetime)];
  }
  let at = instantOf(reading.providerDatetime, offsets, near);
  if (Math.abs(at - near) > GRID_SECONDS) {
    // The provider's clock is far from where it was thought to be: the offset asked may be of
    // another season. Once more, beside the reading itself.
    const t = gridAfter(at);
    cache.load(t - 2 * GRID_SECONDS, t + 2 * GRID_SECONDS);
    const again = offsetsNear(cache, t);
    if (again.length === 0) again.push(offsetOf(t, (await cache.at(t)).datetime));
    at = instantOf(reading.providerDatetime, again, at);
  }
  try {
    store.comparisons.setProviderAt(reading.id, reading.accountId, at);
  } catch (error: unknown) {
    // Worked out again next time: a busy or read-only store must not cost the forecast.
    if (storeProblem(error) === undefined) throw error;
  }
  return at;
}

/** The latest reading with a balance, or the failure that says there is none yet. */
export function readingOf(observation: Observation | undefined, lastAnswered: string): Reading {
  if (observation?.balance == null || observation.providerDatetime === null)
    throw new ProviderError('provider_unreachable', `no check has read this account's balance yet; ${lastAnswered}`);
  return { ...observation, balance: observation.balance, providerDatetime: observation.providerDatetime };
}
