// The provider's clock, read from its own answers. A plain get_balance gives the provider's wall
// time now in its zone, which this app does not know; an answer for `@<epoch seconds>` gives the
// wall time of a known instant, so its zone's offset then. Together they give the provider's
// "now" as an instant, and how far it is from this machine's clock.
import { ProviderError } from '../provider/errors.ts';
import { CLOCK_TOLERANCE_SECONDS } from '../../src-shared/provider-clock.ts';
import { wallTextSeconds } from '../../src-shared/wall-time.ts';

/**
 * A provider's datetime as seconds since 1970-01-01 00:00:00 of the same calendar (no zone). Its
 * documents were checked for the spec's form on the way in, so a failure here is a bug.
 */
export function providerSeconds(datetime: string): number {
  const seconds = wallTextSeconds(datetime);
  if (seconds === undefined) throw new RangeError(`not a provider datetime: ${datetime.slice(0, 40)}`);
  return seconds;
}

/**
 * The provider answered `@<seconds>` with something that cannot be the instant asked: it does not
 * read such instants, so nothing about its future can be asked for (the balance now still can).
 */
export class NoProjectionsError extends ProviderError {
  constructor(t: number, datetime: string) {
    super(
      'provider_bad_answer',
      `the provider did not answer for the instant asked (datetime=@${t} came back as ${datetime}): it does not read datetime=@<seconds>, so its future balances cannot be asked for`,
    );
  }
}

/** Real zones are at most 14 hours from UTC; an answer further off was not for the instant asked. */
const MAX_ZONE_OFFSET = 15 * 3_600;

/**
 * The provider zone's offset (seconds east of UTC) at instant t, from its answer for `@t`. An
 * answer whose wall time is no plausible reading of t (a provider that answers "now" for every
 * datetime it does not read) is refused: its future balances cannot be asked for.
 */
export function offsetOf(t: number, datetime: string): number {
  const offset = providerSeconds(datetime) - t;
  if (Math.abs(offset) > MAX_ZONE_OFFSET) throw new NoProjectionsError(t, datetime);
  return offset;
}

/**
 * The instant a provider wall time stands for, given offsets its zone had near then (two when a
 * clock change may lie between): the reading nearest to `near` (where it is expected to be).
 */
export function instantOf(datetime: string, offsets: readonly number[], near: number): number {
  const wall = providerSeconds(datetime);
  let best: number | undefined;
  for (const offset of offsets) {
    const t = wall - offset;
    if (best === undefined || Math.abs(t - near) < Math.abs(best - near)) best = t;
  }
  if (best === undefined) throw new RangeError('no offset to read a provider datetime with');
  return best;
}

/** The offset used to ask about the provider's future: none while the clocks agree within the tolerance. */
export function effectiveSkew(skew: number): number {
  return Math.abs(skew) <= CLOCK_TOLERANCE_SECONDS ? 0 : skew;
}
