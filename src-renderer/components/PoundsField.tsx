// A money field in pounds: shows, as you type, the exact whole pence it will store (the API, the
// CSV format and the CLI keep pence), or what is wrong. Its error sits next to it (Field.tsx).
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { parsePounds, type PoundsRules } from '../../src-shared/money/parse-pounds.ts';
import { Field } from './Field.tsx';

export interface PoundsFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** Said when the field is empty (what to type, and in what unit). */
  hint: string;
  rules?: PoundsRules;
  /**
   * An amount that cannot be typed in pounds (a fraction of a penny, from an import) and is kept
   * while the field still shows it as it was.
   */
  kept?: { text: string; pence: string } | undefined;
}

export function PoundsField({ id, label, value, onChange, error, hint, rules = {}, kept }: PoundsFieldProps) {
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
    <Field
      id={id}
      label={label}
      error={error}
      hint={preview}
      hintProps={{
        className: `small ${parsed?.ok === false ? 'warn-text' : 'muted'}`,
        'data-testid': `${id}-preview`,
      }}
    >
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
          }}
        />
      )}
    </Field>
  );
}
