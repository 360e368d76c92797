// An amount in pounds; the exact pence appear on hover and on keyboard focus (a tooltip tied
// with aria-describedby, so screen readers hear it too).
import { useId } from 'react';
import { formatExactPence, formatPounds } from '../lib/money.ts';

/** `focusable` false in long tables, so keyboard users are not made to stop on every amount. */
export function Money({ pence, className, testId, focusable = true }: { pence: string | number; className?: string; testId?: string; focusable?: boolean }) {
  const id = useId();
  return (
    <span className={`money ${className ?? ''}`} tabIndex={focusable ? 0 : undefined} aria-describedby={id} data-testid={testId} data-pence={String(pence)}>
      {formatPounds(pence)}
      <span role="tooltip" id={id} className="money-exact">
        {formatExactPence(pence)} exactly
      </span>
    </span>
  );
}
