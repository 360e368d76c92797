// The account's standing told three ways: colour, a shape (circle, triangle, square, diamond) and
// words. Decided by src-shared/account-status.ts, as the tray, the notifications and the CLI
// decide it: with no warning level, a balance above zero is OK; a connected account whose
// provider is not answering (or refused the key, or has not answered for too long) is never "OK":
// the pill says so, with how the last known balance stood.
import type { AccountStatus, BalanceStanding, SourceStanding } from '../../../src-shared/account-status.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';

const SHAPES: Record<BalanceStanding, string> = { ok: '●', low: '▲', below_zero: '■', unknown: '◆' };
/** The stylesheet's three tones. */
const TONE: Record<BalanceStanding, 'ok' | 'below' | 'unknown'> = {
  ok: 'ok',
  low: 'below',
  below_zero: 'below',
  unknown: 'unknown',
};

export function stateText(standing: BalanceStanding, level: number | null, enabled: boolean): string {
  const levelOn = enabled && level !== null;
  switch (standing) {
    case 'ok':
      if (levelOn) return `OK: above your warning level of ${formatPounds(level)}`;
      return level === null
        ? 'OK: above zero (no warning level is set)'
        : 'OK: above zero (the low-balance warning is off)';
    case 'low':
      return `Low: below your warning level of ${formatPounds(level ?? 0)}`;
    case 'below_zero':
      return 'Run out: the balance is at or below zero';
    case 'unknown':
      return 'Unknown: no balance read yet';
  }
}

const SOURCE_WORDS: Record<Exclude<SourceStanding, 'ok'>, string> = {
  unreachable: 'Provider not answering',
  key_refused: 'Key refused by your provider',
  stale: 'Out of date',
};

/** The pill's words when the provider is the problem: what is wrong, then how the last known balance stood. */
export function sourceText(source: SourceStanding, standing: BalanceStanding, balanceText: string): string | undefined {
  if (source === 'ok') return undefined;
  const head = SOURCE_WORDS[source];
  if (standing === 'unknown') return `${head}: no balance read yet`;
  if (standing === 'below_zero') return `${head}: the last known balance was at or below zero`;
  return `${head}: the last known balance was ${balanceText.replace(/^(OK|Low): /, '')}`;
}

const SOURCE_TONE: Record<SourceStanding, 'ok' | 'below' | 'unknown'> = {
  ok: 'ok',
  unreachable: 'unknown',
  stale: 'unknown',
  key_refused: 'below',
};

export function StateBadge({
  status,
  level,
  enabled,
}: {
  status: AccountStatus;
  level: number | null;
  enabled: boolean;
}) {
  const standing = status.balance;
  const balanceText = stateText(standing, level, enabled);
  const source = status.source === null ? undefined : sourceText(status.source, standing, balanceText);
  // A balance below zero or low stays the louder tone; otherwise the provider's trouble sets it.
  const tone =
    source === undefined || status.source === null || TONE[standing] === 'below'
      ? TONE[standing]
      : SOURCE_TONE[status.source];
  return (
    <p className={`state state-${tone}`} data-state={standing} data-source={status.source ?? 'local'}>
      <span className="state-shape" aria-hidden="true">
        {source === undefined || TONE[standing] === 'below' ? SHAPES[standing] : SHAPES.unknown}
      </span>
      <span>{source ?? balanceText}</span>
    </p>
  );
}
