// An amount in pounds; the exact pence appear on hover and on keyboard focus (a tooltip tied
// with aria-describedby, so screen readers hear it too).
import { useId } from 'react';
import { penceText } from '../../src-shared/money/decimal.ts';
import { formatExactPence, formatPounds } from '../../src-shared/money/pounds.ts';

/** `focusable` false in long tables, so keyboard users are not made to stop on every amount. */
export function Money({
  pence,
  className,
  testId,
  focusable = true,
}: {
  pence: string | number;
  className?: string;
  testId?: string;
  focusable?: boolean;
}) {
  const id = useId();
  // One odd value from the service must not take the whole window down.
  const exact = typeof pence === 'string' ? pence.trim() : penceText(pence);
  const safe = penceText(exact);
  return (
    <span
      className={`money ${className ?? ''}`}
      tabIndex={focusable ? 0 : undefined}
      aria-describedby={id}
      data-testid={testId}
      data-pence={exact}
    >
      {formatPounds(safe)}
      <span role="tooltip" id={id} className="money-exact">
        {formatExactPence(exact)} exactly
      </span>
    </span>
  );
}
