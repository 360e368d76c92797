// The balance's state told three ways: colour, a shape (circle, triangle, diamond) and words.
import type { BalanceState } from '../lib/forecast.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';

const SHAPES: Record<BalanceState, string> = { ok: '●', below: '▲', unknown: '◆' };

export function stateText(state: BalanceState, level: number | null, enabled: boolean): string {
  if (state === 'ok' && level !== null) return `OK: above your warning level of ${formatPounds(level)}`;
  if (state === 'below' && level !== null) return `Low: below your warning level of ${formatPounds(level)}`;
  if (level !== null && !enabled) return 'Unknown: the low-balance warning is off';
  return 'Unknown: no warning level is set';
}

export function StateBadge({ state, level, enabled }: { state: BalanceState; level: number | null; enabled: boolean }) {
  return (
    <p className={`state state-${state}`} data-state={state}>
      <span className="state-shape" aria-hidden="true">
        {SHAPES[state]}
      </span>
      <span>{stateText(state, level, enabled)}</span>
    </p>
  );
}
