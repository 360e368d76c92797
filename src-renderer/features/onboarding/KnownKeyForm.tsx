// The key of an account this app already keeps (made with the CLI, or connected before), and the
// demo: the other two ways in.
import { useId, useState, type SyntheticEvent } from 'react';
import { FieldError, Notice } from '../../components/Notice.tsx';
import { keyProblem, knownKeyMessage } from './checks.ts';
import type { Adding } from './use-adding.ts';

export function KnownKeyForm({ adding }: { adding: Adding }) {
  const { busy, errors, refuse, run } = adding;
  const [key, setKey] = useState('');
  const errorId = useId();
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const problem = keyProblem(key);
    if (problem !== undefined) {
      refuse({ key: problem });
      return;
    }
    run('key', { kind: 'key', key: key.trim() }, 'key', knownKeyMessage);
  };
  return (
    <form className="card" onSubmit={submit} noValidate>
      <h2 id="paste-title">A key this app knows</h2>
      <p>
        The key of an account kept on this computer (made with <code>account-monitor account create</code> or{' '}
        <code>demo</code>), or of one already connected.
      </p>
      <label htmlFor="api-key">Key of an account in this app</label>
      <input
        id="api-key"
        name="api-key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={key}
        onChange={(e) => {
          setKey(e.target.value);
        }}
        aria-invalid={errors.key !== undefined}
        aria-describedby={errors.key ? errorId : undefined}
      />
      <FieldError id={errorId} message={errors.key} />
      <button type="submit" disabled={busy !== undefined}>
        {busy === 'key' ? 'Checking…' : 'Use this key'}
      </button>
    </form>
  );
}

export function DemoCard({ adding }: { adding: Adding }) {
  const { busy, errors, run } = adding;
  return (
    <div className="card">
      <h2>Just looking</h2>
      <p>Try the app with a year of made-up history, two hosting charges and a future top-up.</p>
      <button
        type="button"
        disabled={busy !== undefined}
        onClick={() => {
          run('demo', { kind: 'demo' }, 'demo');
        }}
      >
        {busy === 'demo' ? 'Creating demo data…' : 'Start with demo data'}
      </button>
      {errors.demo !== undefined && (
        <Notice tone="error" title="Could not create the demo" headingLevel={3}>
          <p>{errors.demo}</p>
        </Notice>
      )}
    </div>
  );
}
