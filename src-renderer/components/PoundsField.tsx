// A money field in pounds: shows, as you type, the exact whole pence it will store (the API, the
// CSV format and the CLI keep pence), or what is wrong. Its error sits next to it, and when a
// submit fails on it the parent bumps `focusOnError` to move the focus here.
import { useId } from 'react';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { parsePounds, type PoundsRules } from '../../src-shared/money/parse-pounds.ts';
import { useFocusOnError } from './focus-on-error.ts';
import { FieldError } from './Notice.tsx';

export interface PoundsFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** Said when the field is empty (what to type, and in what unit). */
  hint: string;
  rules?: PoundsRules;
  /** Changes each time a submit failed on this field: the focus moves here. */
  focusOnError?: number;
  /**
   * An amount that cannot be typed in pounds (a fraction of a penny, from an import) and is kept
   * while the field still shows it as it was.
   */
  kept?: { text: string; pence: string } | undefined;
}

export function PoundsField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  rules = {},
  focusOnError = 0,
  kept,
}: PoundsFieldProps) {
  const input = useFocusOnError(focusOnError);
  const hintId = useId();
  const errorId = useId();
  const keeping = kept !== undefined && value === kept.text;
  const parsed = value.trim() === '' || keeping ? undefined : parsePounds(value, rules);
  let preview =
    parsed === undefined
      ? hint
      : parsed.ok
        ? `Stores ${parsed.value} pence (${formatPounds(parsed.value)})`
        : parsed.problem;
  if (keeping)
    preview = `Keeps ${kept.pence} pence (${formatPounds(kept.pence)}); type a new amount in pounds to change it`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={input}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        aria-invalid={error !== undefined}
        aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
      />
      <p id={hintId} className={`small ${parsed?.ok === false ? 'warn-text' : 'muted'}`} data-testid={`${id}-preview`}>
        {preview}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
