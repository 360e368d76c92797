// A ledger date field (an entry's date, a recurring charge's start and end) that shows, as you
// type, how the service reads it, with the window's day/month order for slashed dates (settings:
// "01/07/2026 means ..."). The hint says what saving will say: a phrase not understood, or a date
// outside the ledger's range, is refused (never "now", as get_balance would read it). The hint is
// never stale: while the reading of what is typed is on its way it says so rather than showing the
// reading of an earlier text, and leaving the field reads it at once.
import { useState } from 'react';
import type { Resolved } from '../../src-shared/app-api.ts';
import { ledgerInstantProblem } from '../../src-shared/ledger-rules.ts';
import { useResolve, useResolvedBefore } from '../data/queries.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { useDebounced } from '../lib/hooks.ts';
import { useDateOrder } from '../preferences.ts';
import { Field } from './Field.tsx';

const EXAMPLES = '"now", "yesterday 9am", "1 Dec 2026"';

export function WhenField({
  id,
  label,
  value,
  onChange,
  error,
  optional = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  optional?: boolean;
}) {
  const typed = value.trim();
  const debounced = useDebounced(typed, 300);
  // The text as it was when the field was left: read at once, without the typing pause.
  const [left, setLeft] = useState<string>();
  const phrase = left === typed ? left : debounced;
  const order = useDateOrder();
  const resolved = useResolve(phrase, order);
  const before = useResolvedBefore(typed, order);
  const reading = typed === '' ? undefined : hintFor(typed, phrase, resolved, before);
  const hint = reading?.text ?? (optional ? 'Optional. Any date or phrase.' : `Any date or phrase, e.g. ${EXAMPLES}.`);
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      hintProps={{
        className: `small ${reading?.refused === true ? 'warn-text' : 'muted'}`,
        'aria-live': 'polite',
        'aria-busy': reading?.pending === true,
        'data-pending': reading?.pending === true ? '' : undefined,
      }}
    >
      {(control) => (
        <input
          {...control}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
          }}
          onBlur={() => {
            setLeft(typed);
          }}
        />
      )}
    </Field>
  );
}

interface Reading {
  text: string;
  /** Saving would refuse the date as read. */
  refused: boolean;
  /** The reading of what is typed is still on its way. */
  pending: boolean;
}

/** The hint for `typed`: its reading once that is in (for this very text, or cached from before), else "Reading…". */
function hintFor(
  typed: string,
  phrase: string,
  resolved: ReturnType<typeof useResolve>,
  before: Resolved | undefined,
): Reading {
  const data = phrase === typed && !resolved.isPlaceholderData ? resolved.data : before;
  if (data === undefined) {
    if (resolved.isError && phrase === typed)
      return { text: 'Could not read the date just now.', refused: false, pending: false };
    return { text: 'Reading…', refused: false, pending: true };
  }
  if (!data.understood)
    return { text: `Not understood, so it cannot be saved. Try ${EXAMPLES}.`, refused: true, pending: false };
  const understood = `Understood as ${formatDateTime(data.datetime)}`;
  const problem = ledgerInstantProblem(data.epochSeconds);
  return problem === undefined
    ? { text: understood, refused: false, pending: false }
    : { text: `${understood}, but ${problem}.`, refused: true, pending: false };
}
