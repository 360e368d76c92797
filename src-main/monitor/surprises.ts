// Unexpected charges become alerts (issue 22): each check of a connected account compares the
// provider's balance with what the provider had projected for that moment and stores what it
// found (src-main/remote); the monitor raises an alert once for each check that found more gone
// than projected by more than the account's threshold. Top-ups are not alerts: the chart and the
// surprises list show them. The check's observation id is the alert's natural key, remembered
// with the episodes (surprisesThrough), so a restart neither repeats nor loses one.
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { surpriseWords } from '../../src-shared/surprise-words.ts';
import { formatLocal } from '../dates/wall-clock.ts';
import type { AccountSource, Surprise } from '../domain/account-source.ts';
import type { AccountReading, AlertDraft } from './types.ts';

/** How far back the monitor looks for a check it has not seen (a week of checks at most). */
const LOOK_BACK_SECONDS = 7 * 86_400;

export function unexpectedChargeAlert(s: Surprise, timeZone: string): AlertDraft {
  const words = surpriseWords({
    kind: s.kind,
    amount: s.amount,
    since: s.since === null ? null : formatLocal(s.since, timeZone),
    at: formatLocal(s.at, timeZone),
  });
  return {
    kind: 'unexpected_charge',
    episode: null,
    severity: 'warning',
    title: 'Unexpected charge',
    body: `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}. Balance now ${formatPounds(s.balance)}; it would have been ${formatPounds(s.expected)}.`,
    balance: s.balance,
    level: null,
  };
}

/**
 * The alerts for unexpected charges found since `through` (the latest check already handled),
 * and the new `through`. The first time (through undefined) only the checks of the last
 * `reading.staleAfterSeconds` count: older surprises are history, not news.
 */
export async function unexpectedCharges(
  source: AccountSource,
  through: number | undefined,
  reading: AccountReading,
  nowSeconds: number,
  timeZone: string,
): Promise<{ drafts: AlertDraft[]; through: number | undefined }> {
  let found: Surprise[];
  try {
    found = await source.surprises(nowSeconds - LOOK_BACK_SECONDS, nowSeconds + 1);
  } catch {
    // Read from the store; tried again at the next evaluation.
    return { drafts: [], through };
  }
  const fresh = found.filter((s) =>
    through === undefined ? s.at >= nowSeconds - reading.staleAfterSeconds : s.observationId > through,
  );
  const latest = found.reduce<number | undefined>((max, s) => Math.max(max ?? 0, s.observationId), through);
  return {
    drafts: fresh.filter((s) => s.kind === 'unexpected_charge').map((s) => unexpectedChargeAlert(s, timeZone)),
    through: latest ?? 0,
  };
}
