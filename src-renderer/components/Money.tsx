// An amount in pounds; the exact pence appear on hover and on keyboard focus (a tooltip tied
// with aria-describedby, so screen readers hear it too).
import { useId } from 'react';
import { formatExactPence, formatPounds } from '../lib/money.ts';

export function Money({ pence, className, testId }: { pence: string | number; className?: string; testId?: string }) {
  const id = useId();
  return (
    <span className={`money ${className ?? ''}`} tabIndex={0} aria-describedby={id} data-testid={testId} data-pence={String(pence)}>
      {formatPounds(pence)}
      <span role="tooltip" id={id} className="money-exact">
        {formatExactPence(pence)} exactly
      </span>
    </span>
  );
}
