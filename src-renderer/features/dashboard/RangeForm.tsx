// How far back and ahead the chart goes: whole days, 1 to 3650 each way.
import { HORIZON_DAYS } from '../../../src-shared/limits.ts';
import type { Checked } from '../../../src-shared/checked.ts';
import { TextField } from '../../components/Field.tsx';
import type { ChartRange as Range } from '../../data/keys.ts';
import { useForm } from '../../lib/use-form.ts';

export function checkDays(text: string): number | undefined {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= HORIZON_DAYS.min && n <= HORIZON_DAYS.max ? n : undefined;
}

type Typed = Record<keyof Range, string>;

function checkRange(typed: Typed): Checked<Range, keyof Range> {
  const back = checkDays(typed.back);
  const ahead = checkDays(typed.ahead);
  if (back !== undefined && ahead !== undefined) return { ok: true, value: { back, ahead } };
  const problem = `Enter whole days from ${HORIZON_DAYS.min} to ${HORIZON_DAYS.max}.`;
  return {
    ok: false,
    problem,
    fields: { back: back === undefined ? problem : undefined, ahead: ahead === undefined ? problem : undefined },
  };
}

export function RangeForm({ range, onChange }: { range: Range; onChange: (r: Range) => void }) {
  const form = useForm({
    initial: { back: String(range.back), ahead: String(range.ahead) },
    check: checkRange,
    send: (chosen) => {
      onChange(chosen);
      return undefined;
    },
  });
  const days = { type: 'number', inputMode: 'numeric', min: HORIZON_DAYS.min, max: HORIZON_DAYS.max } as const;
  return (
    <form className="range-form" {...form.props} aria-label="Chart range">
      <TextField id="range-back" label="Days back" {...days} {...form.field('back')} />
      <TextField id="range-ahead" label="Days ahead" {...days} {...form.field('ahead')} />
      <button type="submit">Show range</button>
    </form>
  );
}
