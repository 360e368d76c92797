// "Plan a top-up": until when (a free-form phrase, read as "Balance at" reads phrases: by the
// service for a local account, against the provider's now for a connected one whose clock
// differs) and the amount to stay above (pounds; the warning level to start with). The answer is
// the service's own sentence (src-shared/plan-words.ts), from the same balances as the forecast.
// A refusal (invalid_plan) is shown by the field it is about.
import { useId, useState, type SyntheticEvent } from 'react';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { parsePounds } from '../../../src-shared/money/parse-pounds.ts';
import { ApiError } from '../../api/client.ts';
import { FieldError } from '../../components/Notice.tsx';
import { PoundsField } from '../../components/PoundsField.tsx';
import { usePlan, useSettings } from '../../data/queries.ts';
import { useDateOrder } from '../../preferences.ts';

interface Question {
  until: string;
  keepAbove: number;
}

/** The service's message as a sentence: capitalised, with a full stop. */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Which field a refusal is about: the amount to stay above, or (everything else) the date. */
export function planErrorField(message: string): 'keepAbove' | 'until' {
  return /^the amount to stay above/i.test(message) ? 'keepAbove' : 'until';
}

export function PlanCard() {
  const settings = useSettings();
  const order = useDateOrder();
  const [until, setUntil] = useState('');
  const [typedKeep, setTypedKeep] = useState<string>();
  const [question, setQuestion] = useState<Question>();
  const [untilProblem, setUntilProblem] = useState<string>();
  const [keepProblem, setKeepProblem] = useState<string>();
  const [failedOnKeep, setFailedOnKeep] = useState(0);
  const untilErrorId = useId();
  const level = settings.data?.warningEnabled === true ? settings.data.warningLevel : null;
  const keep = typedKeep ?? (level === null ? '£0.00' : formatPounds(level));
  const plan = usePlan(question?.until ?? '', question?.keepAbove, order);

  const refusal = plan.error instanceof ApiError && plan.error.code === 'invalid_plan' ? plan.error.message : undefined;
  const untilError =
    untilProblem ?? (refusal !== undefined && planErrorField(refusal) === 'until' ? sentence(refusal) : undefined);
  const keepError =
    keepProblem ?? (refusal !== undefined && planErrorField(refusal) === 'keepAbove' ? sentence(refusal) : undefined);
  const otherError = plan.error && refusal === undefined ? plan.error.message : undefined;

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const phrase = until.trim();
    const pence = parsePounds(keep, { zero: true });
    setUntilProblem(
      phrase === '' ? 'Enter the date to plan up to, for example "31 March 2027" or "+3 months".' : undefined,
    );
    setKeepProblem(pence.ok ? undefined : pence.problem);
    if (!pence.ok) setFailedOnKeep((n) => n + 1);
    if (phrase === '' || !pence.ok) return;
    setQuestion({ until: phrase, keepAbove: Number(pence.value) });
  };

  return (
    <form className="card plan-card" onSubmit={submit} noValidate aria-labelledby="plan-title">
      <h3 id="plan-title">Plan a top-up</h3>
      <div className="field">
        <label htmlFor="plan-until">Until</label>
        <input
          id="plan-until"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={until}
          placeholder="31 March 2027, +3 months, end of next month"
          onChange={(e) => {
            setUntil(e.target.value);
          }}
          aria-invalid={untilError !== undefined}
          aria-describedby={untilError ? untilErrorId : undefined}
        />
        <FieldError id={untilErrorId} message={untilError} />
      </div>
      <PoundsField
        id="plan-keep-above"
        label="Keep above (£)"
        value={keep}
        onChange={setTypedKeep}
        error={keepError}
        rules={{ zero: true }}
        focusOnError={failedOnKeep}
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
