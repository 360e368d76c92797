// "Balance at...": free text, read by the service with the window's day/month order (settings),
// then get_balance asked for that instant (`@epoch`), so the balance shown is get_balance's own
// answer and a script that sends the same instant gets the same one (the Local API panel shows
// that line). A phrase that is not understood is sent as typed: get_balance answers for now.
// For a connected account the phrase goes to the provider unchanged and the provider reads it;
// when it answers for its current time to a phrase that does not mean now, that is said instead
// of a tick (it may not have understood the phrase).
import { useEffect, useState } from 'react';
import { TextField } from '../../components/Field.tsx';
import { Money } from '../../components/Money.tsx';
import { useAccount } from '../../data/account-context.ts';
import { useBalanceAt } from '../../data/queries.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { setLastQuestion } from '../../last-question.ts';
import { useDateOrder } from '../../preferences.ts';

/** `understood` is null when the provider read the phrase (it does not say whether it understood it). */
export function understoodText(understood: boolean | null, datetime: string): string {
  if (understood === null) return `your provider read it as ${formatDateTime(datetime)}`;
  return understood
    ? `understood as ${formatDateTime(datetime)}`
    : `not understood, so now (${formatDateTime(datetime)})`;
}

const EXAMPLES = ['tomorrow', '+1 week', 'last day of next month', '1 January 2027'];

export function BalanceAt() {
  const { account } = useAccount();
  const remote = account.kind === 'remote';
  const [text, setText] = useState('');
  const phrase = useDebounced(text.trim(), 250);
  const order = useDateOrder();
  const answer = useBalanceAt(phrase, order);
  // Only the answer to this phrase (an older one stays on screen while the new one is asked for).
  const sentArgument = answer.data?.phrase === phrase ? answer.data.sent : undefined;
  useEffect(() => {
    setLastQuestion(
      phrase === '' ? undefined : sentArgument === undefined ? undefined : { phrase, datetime: sentArgument },
    );
  }, [phrase, sentArgument]);
  const current = phrase === '' ? undefined : answer.data;
  const stale = text.trim() !== phrase || answer.isFetching;
  // No tick for a phrase not understood, nor for a provider's answer for its own now (see useBalanceAt).
  const doubtful = current !== undefined && (current.understood === false || current.forProviderNow);

  return (
    <div className="card balance-at">
      <h3 id="balance-at-title">What will my balance be…</h3>
      <TextField
        id="balance-at"
        label="Balance at"
        spellCheck={false}
        placeholder="+1 week, 1st May 2027, next friday 9am"
        value={text}
        onChange={setText}
        hint={
          remote ? (
            <>
              Any date or phrase: it goes to your provider as the API&apos;s <code>datetime</code> argument, and your
              provider reads it.
            </>
          ) : (
            <>
              Any date or phrase, read the way the API&apos;s <code>datetime</code> argument reads it; 01/07/2026 means{' '}
              {order === 'dmy' ? '1 July' : '7 January'} (your setting).
            </>
          )
        }
      />
      <p className="examples small">
        <span className="muted">Try: </span>
        {EXAMPLES.map((example) => (
          <button
            key={example}
            type="button"
            className="chip"
            onClick={() => {
              setText(example);
            }}
            aria-label={`Try ${example}`}
          >
            {example}
          </button>
        ))}
      </p>
      <output
        className="balance-at-result"
        htmlFor="balance-at"
        aria-live="polite"
        aria-busy={stale}
        data-testid="balance-at-result"
      >
        {current && phrase !== '' && (
          <>
            <span className={doubtful ? 'not-understood' : 'understood'} data-testid="balance-at-understood">
              <span aria-hidden="true">{doubtful ? '? ' : '✓ '}</span>
              {current.forProviderNow
                ? `Your provider answered for its current time (${formatDateTime(current.datetime)}): it may not have understood this`
                : understoodText(current.understood, current.datetime)}
            </span>
            <span className="balance-at-value">
              Balance: <Money pence={current.balance} testId="balance-at-value" />
            </span>
            <span className="muted small" data-testid="balance-at-exact">
              get_balance: <code>{current.balance}</code> pence at <code>{current.datetime}</code>
            </span>
          </>
        )}
        {answer.error && phrase !== '' && (
          <span className="field-error">Could not work that out: {answer.error.message}</span>
        )}
      </output>
    </div>
  );
}
