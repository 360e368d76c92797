// "Plan a top-up": until when (a free-form phrase, read as "Balance at" reads phrases: by the
// service for a local account, against the provider's now for a connected one whose clock
// differs) and the amount to stay above (pounds; the warning level to start with). The answer is
// the service's own sentence (src-shared/plan-words.ts), from the same balances as the forecast.
// A refusal (invalid_plan) is shown by the field it is about while that field says what was asked.
import { useState } from 'react';
import type { Checked } from '../../../src-shared/checked.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { parsePounds } from '../../../src-shared/money/parse-pounds.ts';
import { sentence } from '../../../src-shared/sentence.ts';
import { ApiError } from '../../api/client.ts';
import { TextField } from '../../components/Field.tsx';
import { PoundsField } from '../../components/PoundsField.tsx';
import { usePlan, useSettings } from '../../data/queries.ts';
import { useForm } from '../../lib/use-form.ts';
import { useDateOrder } from '../../preferences.ts';

interface Typed {
  until: string;
  keep: string;
}

interface Question {
  until: string;
  keepAbove: number;
  typed: Typed;
}

/** Which field a refusal is about: the amount to stay above, or (everything else) the date. */
export function planErrorField(message: string): keyof Typed {
  return /^the amount to stay above/i.test(message) ? 'keep' : 'until';
}

function checkPlan(typed: Typed): Checked<Question, keyof Typed> {
  const until = typed.until.trim();
  const pence = parsePounds(typed.keep, { zero: true });
  const fields = {
    until: until === '' ? 'Enter the date to plan up to, for example "31 March 2027" or "+3 months".' : undefined,
    keep: pence.ok ? undefined : pence.problem,
  };
  if (!pence.ok || fields.until !== undefined) return { ok: false, problem: fields.until ?? fields.keep ?? '', fields };
  return { ok: true, value: { until, keepAbove: Number(pence.value), typed } };
}

export function PlanCard() {
  const settings = useSettings();
  const order = useDateOrder();
  const level = settings.data?.warningEnabled === true ? settings.data.warningLevel : null;
  const [question, setQuestion] = useState<Question>();
  // The amount starts as the warning level, once the settings are in, until the user types one.
  const startingKeep = level === null ? '£0.00' : formatPounds(level);
  const form = useForm<{ until: string; keep: string | undefined }, Question, keyof Typed>({
    initial: { until: '', keep: undefined },
    check: ({ until, keep }) => checkPlan({ until, keep: keep ?? startingKeep }),
    send: (asked) => {
      setQuestion(asked);
      return undefined;
    },
  });
  const typed = { until: form.values.until, keep: form.values.keep ?? startingKeep };
  const plan = usePlan(question?.until ?? '', question?.keepAbove, order);

  const refusal = plan.error instanceof ApiError && plan.error.code === 'invalid_plan' ? plan.error.message : undefined;
  const said = question !== undefined && question.typed.until === typed.until && question.typed.keep === typed.keep;
  const errorOf = (field: keyof Typed) =>
    form.errors[field] ??
    (said && refusal !== undefined && planErrorField(refusal) === field ? sentence(refusal) : undefined);
  const otherError = plan.error && refusal === undefined ? plan.error.message : undefined;

  return (
    <form className="card plan-card" {...form.props} aria-labelledby="plan-title">
      <h3 id="plan-title">Plan a top-up</h3>
      <TextField
        id="plan-until"
        label="Until"
        spellCheck={false}
        placeholder="31 March 2027, +3 months, end of next month"
        {...form.field('until')}
        error={errorOf('until')}
      />
      <PoundsField
        id="plan-keep-above"
        label="Keep above (£)"
        value={typed.keep}
        onChange={(keep) => {
          form.set('keep', keep);
        }}
        error={errorOf('keep')}
        rules={{ zero: true }}
        hint="In pounds; your warning level to start with."
      />
      <button type="submit" disabled={plan.isFetching}>
        {plan.isFetching ? 'Working it out…' : 'Plan'}
      </button>
      <output className="plan-answer" aria-live="polite" data-testid="plan-answer">
        {plan.data && !plan.isFetching && <strong>{plan.data.words}</strong>}
        {otherError !== undefined && <span className="field-error">Could not plan: {otherError}</span>}
      </output>
    </form>
  );
}
