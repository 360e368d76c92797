// A free-form date field that shows, as you type, how the service understands it, with the
// window's day/month order for slashed dates (settings: "01/07/2026 means ..."). As PoundsField,
// when a submit fails on it the parent bumps `focusOnError` to move the focus here.
import { useId } from 'react';
import { useResolve } from '../data/queries.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { useDebounced } from '../lib/hooks.ts';
import { useDateOrder } from '../preferences.ts';
import { useFocusOnError } from './focus-on-error.ts';
import { FieldError } from './Notice.tsx';

export function WhenField({
  id,
  label,
  value,
  onChange,
  error,
  optional = false,
  focusOnError = 0,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  optional?: boolean;
  focusOnError?: number;
}) {
  const input = useFocusOnError(focusOnError);
  const phrase = useDebounced(value.trim(), 300);
  const hintId = useId();
  const errorId = useId();
  const order = useDateOrder();
  const resolved = useResolve(phrase, order);
  let hint = optional
    ? 'Optional. Any date or phrase.'
    : 'Any date or phrase, e.g. "now", "yesterday 9am", "1 Dec 2026".';
  if (phrase !== '' && resolved.data) {
    hint = resolved.data.understood
      ? `Understood as ${formatDateTime(resolved.data.datetime)}`
      : 'Not understood: it would mean now';
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={input}
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        aria-invalid={error !== undefined}
        aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
      />
      <p
        id={hintId}
        className={`small ${resolved.data?.understood === false && phrase !== '' ? 'warn-text' : 'muted'}`}
        aria-live="polite"
      >
        {hint}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
