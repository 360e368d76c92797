// Sign-in for a page opened in a browser without the access token, or with one the service no
// longer takes (`serve --new-token` replaced it). The token, or the whole address the service
// printed, is pasted here and kept for this tab (api/access-token.ts).
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { tokenFromText } from '../../src-shared/access-token.ts';
import { keepToken } from '../api/access-token.ts';
import { FieldError, Notice } from '../components/Notice.tsx';

export function SignIn({ refused, done }: { refused: boolean; done: () => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const hintId = useId();

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const token = tokenFromText(text);
    if (token === undefined) {
      setProblem(
        text.trim() === ''
          ? 'Paste the token or the address first.'
          : 'That is neither a token nor an address with one (it should end in #token=...).',
      );
      field.current?.focus();
      return;
    }
    keepToken(token);
    done();
  };

  return (
    <section className="onboarding" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in to Account Monitor</h1>
      {refused && (
        <Notice tone="error" title="The access token was not accepted">
          <p>
            The service no longer takes the token this page had. It may have been replaced (
            <code>serve --new-token</code>).
          </p>
        </Notice>
      )}
      <p className="lead">
        This page needs the access token of the Account Monitor service on this computer: open the address the server
        printed when it started (the line beginning <code>UI:</code>), or paste it or its token here.
      </p>
      {/* POST: should the script's handler ever not run, the token still goes in no address. */}
      <form className="card" method="post" onSubmit={submit} noValidate>
        <label htmlFor="access-token">Access token, or the address the service printed</label>
        <input
          id="access-token"
          ref={field}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
          }}
          aria-invalid={problem !== undefined}
          aria-describedby={`${hintId}${problem === undefined ? '' : ` ${errorId}`}`}
        />
        <p id={hintId} className="muted small">
          It stays the same when the service restarts. This tab keeps it until it is closed.
        </p>
        <FieldError id={errorId} message={problem} />
        <button type="submit" className="primary">
          Open Account Monitor
        </button>
      </form>
    </section>
  );
}
