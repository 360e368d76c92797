// One field of a form, one way for every form of the window: the label bound to the control, the
// hint and the error said with it (aria-describedby, the hint first), the control marked invalid
// while the error stands, and the error announced when it appears and told by its shape (▲) as
// well as its colour. The control itself is the caller's (an input, a select, a textarea): it is
// given the id and the attributes that tie it to its label, hint and error.
import type { HTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import type { Outcome } from '../lib/use-form.ts';

/** What the control of a field puts on. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The control's id (the hint is `<id>-hint`, the error `<id>-error`). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The hint's look and live attributes (a hint that changes as the user types). */
  hintProps?: HTMLAttributes<HTMLParagraphElement> & { 'data-testid'?: string; 'data-pending'?: string };
  error?: string | undefined;
  className?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ id, label, hint, hintProps, error, className = 'field', children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? [] : [hintId], error === undefined ? [] : [errorId]].flat().join(' ');
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': describedBy || undefined })}
      {hint !== undefined && (
        <p id={hintId} className="small muted" {...hintProps}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field whose control is a one-line text input (`type` and the rest pass through). */
export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  className,
  ...input
}: Omit<FieldProps, 'children' | 'hintProps'> & {
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          type="text"
          autoComplete="off"
          {...input}
          {...control}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
          }}
        />
      )}
    </Field>
  );
}

/** What came of a form's last submit: what was saved, or why not (a problem of no one field). */
export function FormStatus({ outcome, otherwise }: { outcome: Outcome | undefined; otherwise?: ReactNode }) {
  return (
    <p role="status" className={outcome?.ok === false ? 'field-error' : 'saved'}>
      {outcome?.text ?? otherwise}
    </p>
  );
}

/** A field's error: announced as it appears. */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p className="field-error" id={id} role="alert">
      <span aria-hidden="true">▲ </span>
      {message}
    </p>
  );
}
