// The key of an account this app already keeps (made with the CLI, or connected before), and the
// demo: the other two ways in.
import { useState } from 'react';
import { TextField } from '../../components/Field.tsx';
import { Notice } from '../../components/Notice.tsx';
import { messageOf } from '../../lib/hooks.ts';
import { useKeyForm, type Adding } from './use-adding.ts';

export function KnownKeyForm({ adding }: { adding: Adding }) {
  const { busy } = adding;
  const form = useKeyForm(adding);
  return (
    <form className="card" {...form.props}>
      <h2 id="paste-title">A key this app knows</h2>
      <p>
        The key of an account kept on this computer (made with <code>account-monitor account create</code> or{' '}
        <code>demo</code>), or of one already connected.
      </p>
      <TextField
        id="api-key"
        name="api-key"
        label="Key of an account in this app"
        type="password"
        spellCheck={false}
        {...form.field('key')}
      />
      <button type="submit" disabled={busy !== undefined}>
        {busy === 'key' ? 'Checking…' : 'Use this key'}
      </button>
    </form>
  );
}

export function DemoCard({ adding: { busy, add } }: { adding: Adding }) {
  const [problem, setProblem] = useState<string>();
  const start = () => {
    setProblem(undefined);
    add('demo', { kind: 'demo' }).catch((error: unknown) => {
      setProblem(messageOf(error));
    });
  };
  return (
    <div className="card">
      <h2>Just looking</h2>
      <p>Try the app with a year of made-up history, two hosting charges and a future top-up.</p>
      <button type="button" disabled={busy !== undefined} onClick={start}>
        {busy === 'demo' ? 'Creating demo data…' : 'Start with demo data'}
      </button>
      {problem !== undefined && (
        <Notice tone="error" title="Could not create the demo" headingLevel={3}>
          <p>{problem}</p>
        </Notice>
      )}
    </div>
  );
}
