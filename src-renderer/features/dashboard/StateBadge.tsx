// The balance's standing told three ways: colour, a shape (circle, triangle, square, diamond) and
// words. Decided by src-shared/account-status.ts, as the tray, the notifications and the CLI
// decide it: with no warning level, a balance above zero is OK.
import type { BalanceStanding } from '../../../src-shared/account-status.ts';
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

export function StateBadge({
  standing,
  level,
  enabled,
}: {
  standing: BalanceStanding;
  level: number | null;
  enabled: boolean;
}) {
  return (
    <p className={`state state-${TONE[standing]}`} data-state={standing}>
      <span className="state-shape" aria-hidden="true">
        {SHAPES[standing]}
      </span>
      <span>{stateText(standing, level, enabled)}</span>
    </p>
  );
}
