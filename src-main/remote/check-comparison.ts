// Each check compares what the provider says now with what it had projected. The instant
// compared is the next grid instant (at most a day ahead, usually kept from the forecast): a
// charge or a top-up the provider recorded since the projection moves the balance there by its
// amount, as it moves the balance now, so the two answers differ by exactly what was not
// projected. Asking that instant again costs one call per check, and tells at the same time the
// provider zone's offset (so the provider's clock). Any difference means the kept projections
// are out of date: the account's epoch moves on and they are asked again when next needed.
// A fall beyond the projection by more than the account's threshold is an unexpected charge; a
// rise is a top-up.
import { add, compare, formatRational, mul, parseExactPence, rational, sub } from '../../src-shared/money/decimal.ts';
import type { SurpriseKind } from '../../src-shared/vocabulary.ts';
import type { CheckComparison, Projection, Store } from '../store/index.ts';
import { storeProblem } from '../store/index.ts';
import { offsetsNear } from './frame.ts';
import type { ProjectionCache } from './projection-cache.ts';
import { GRID_SECONDS } from './projection.ts';
import { instantOf, offsetOf } from './provider-clock.ts';

/** How close the balance now must be to the kept day's line to agree with it: a hundredth of a penny. */
const AGREES_WITHIN = rational(1n, 100n);

/**
 * Whether the provider's balance now lies on the line between the kept projections of the grid
 * instants either side of its now (within AGREES_WITHIN): then nothing the provider recorded has
 * moved it, and the check need not ask the next grid instant again (a call a check, half of what
 * checks cost the provider). Recurring charges accrue evenly within a period, so the line is exact
 * on a day without an entry or the start of a period; on any other day, and whenever something
 * unexpected happened, it does not agree and the instant is asked as before. What this cannot see
 * is a charge the provider dates later today: it is found when it reaches the balance.
 */
export function agreesWithKept(
  cache: ProjectionCache,
  near: number,
  providerDatetime: string,
  balance: string,
): boolean {
  const offsets = offsetsNear(cache, near);
  if (offsets.length === 0) return false;
  const t = instantOf(providerDatetime, offsets, near);
  const from = Math.floor(t / GRID_SECONDS) * GRID_SECONDS;
  const before = cache.known(from);
  const after = cache.known(from + GRID_SECONDS);
  if (before === undefined || after === undefined) return false;
  const start = parseExactPence(before.balance);
  const slope = sub(parseExactPence(after.balance), start);
  const expected = add(start, mul(slope, rational(BigInt(t - from), BigInt(GRID_SECONDS))));
  const gap = sub(parseExactPence(balance), expected);
  const size = gap.n < 0n ? { n: -gap.n, d: gap.d } : gap;
  return compare(size, AGREES_WITHIN) <= 0;
}

/** The surprise a difference makes: `reported - projected` in pence, against the threshold (whole pence). */
export function surpriseOf(projected: string, reported: string, thresholdPence: number): SurpriseKind | null {
  const change = sub(parseExactPence(reported), parseExactPence(projected));
  if (compare(change, rational(0n)) > 0) return 'top_up';
  if (compare(change, rational(BigInt(-thresholdPence))) < 0) return 'unexpected_charge';
  return null;
}

/** How much a surprise was (positive pence): the difference between what was projected and what came. */
export function surpriseAmount(projected: string, reported: string): string {
  const change = sub(parseExactPence(reported), parseExactPence(projected));
  return formatRational({ n: change.n < 0n ? -change.n : change.n, d: change.d }, 10);
}

export interface CheckSeen {
  observationId: number;
  accountId: number;
  /** This machine's clock at the check. */
  at: number;
  /** The provider's datetime for its now (the plain get_balance). */
  providerDatetime: string;
  /** The instant compared, and the provider's answer for it now (undefined: it gave none usable). */
  comparedAt: number;
  fresh: Projection | undefined;
  /** What was kept for that instant before the check (undefined: nothing). */
  kept: Projection | undefined;
  /** Where the provider's clock was thought to be (this machine's now plus the last skew). */
  near: number;
  /** The previous good reading's time (this machine's clock). */
  since: number | null;
}

/**
 * The comparison to store with the check's observation; and, as a side effect on the kept
 * projections, the new epoch when the provider disagreed, with its fresh answer kept.
 */
export function compareCheck(store: Store, cache: ProjectionCache, seen: CheckSeen): CheckComparison {
  const { kept, fresh } = seen;
  const offsets = offsetsNear(cache, seen.near);
  if (fresh !== undefined) offsets.push(offsetOf(fresh.at, fresh.datetime));
  const providerAt = offsets.length === 0 ? null : instantOf(seen.providerDatetime, offsets, seen.near);
  const surprise =
    kept !== undefined && fresh !== undefined
      ? surpriseOf(kept.balance, fresh.balance, store.comparisons.threshold(seen.accountId))
      : null;
  if (fresh !== undefined) keepFresh(store, seen.accountId, fresh, kept);
  return {
    observationId: seen.observationId,
    accountId: seen.accountId,
    providerAt,
    comparedAt: fresh === undefined ? null : seen.comparedAt,
    projected: fresh === undefined ? null : (kept?.balance ?? null),
    reported: fresh?.balance ?? null,
    since: seen.since,
    surprise,
  };
}

/** The fresh answer is kept; if it disagrees with the kept one, everything kept before stops counting. */
function keepFresh(store: Store, accountId: number, fresh: Projection, kept: Projection | undefined): void {
  try {
    const epoch =
      kept !== undefined && compare(parseExactPence(kept.balance), parseExactPence(fresh.balance)) !== 0
        ? store.projections.renew(accountId)
        : store.projections.epoch(accountId);
    store.projections.put(accountId, epoch, [fresh]);
    // The past needs no projection: what happened is in the observations.
    store.projections.prune(accountId, fresh.at - 3 * GRID_SECONDS);
  } catch (error: unknown) {
    if (storeProblem(error) === undefined) throw error;
  }
}
