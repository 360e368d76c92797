// How far back and ahead the chart goes: whole days, 1 to 3650 each way.
import { useId, useState, type SyntheticEvent } from 'react';
import { HORIZON_DAYS } from '../../../src-shared/limits.ts';
import { FieldError } from '../../components/Notice.tsx';
import type { ChartRange as Range } from '../../data/keys.ts';

export function checkDays(text: string): number | undefined {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= HORIZON_DAYS.min && n <= HORIZON_DAYS.max ? n : undefined;
}

/** One of the range's two fields: whole days, 1 to 3650. */
function DaysField({
  label,
  value,
  onChange,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  describedBy: string | undefined;
}) {
  return (
    <label>
      {label}{' '}
      <input
        type="number"
        inputMode="numeric"
        min={HORIZON_DAYS.min}
        max={HORIZON_DAYS.max}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        aria-describedby={describedBy}
      />
    </label>
  );
}

export function RangeForm({ range, onChange }: { range: Range; onChange: (r: Range) => void }) {
  const [back, setBack] = useState(String(range.back));
  const [ahead, setAhead] = useState(String(range.ahead));
  const [error, setError] = useState<string>();
  const errorId = useId();
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const b = checkDays(back);
    const a = checkDays(ahead);
    if (b === undefined || a === undefined) {
      setError(`Enter whole days from ${HORIZON_DAYS.min} to ${HORIZON_DAYS.max}.`);
      return;
    }
    setError(undefined);
    onChange({ back: b, ahead: a });
  };
  return (
    <form className="range-form" onSubmit={submit} aria-label="Chart range" noValidate>
      <DaysField label="Days back" value={back} onChange={setBack} describedBy={error ? errorId : undefined} />
      <DaysField label="Days ahead" value={ahead} onChange={setAhead} describedBy={error ? errorId : undefined} />
      <button type="submit">Show range</button>
      <FieldError id={errorId} message={error} />
    </form>
  );
}
