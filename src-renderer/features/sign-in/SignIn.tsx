// Sign-in for a page opened in a browser without the access token, or with one the service no
// longer takes (`serve --new-token` replaced it). The token, or the whole address the service
// printed, is pasted here and kept for this tab (api/access-token.ts).
import { tokenFromText } from '../../../src-shared/access-token.ts';
import { accepted, refused } from '../../../src-shared/checked.ts';
import { keepToken } from '../../api/access-token.ts';
import { TextField } from '../../components/Field.tsx';
import { Notice } from '../../components/Notice.tsx';
import { useForm } from '../../lib/use-form.ts';

export function SignIn({ refused: wasRefused, done }: { refused: boolean; done: () => void }) {
  const form = useForm({
    initial: { token: '' },
    check: ({ token: text }) => {
      const token = tokenFromText(text);
      if (token !== undefined) return accepted(token);
      return refused(
        text.trim() === ''
          ? 'Paste the token or the address first.'
          : 'That is neither a token nor an address with one (it should end in #token=...).',
        'token',
      );
    },
    send: (token) => {
      keepToken(token);
      done();
      return undefined;
    },
  });

  return (
    <section className="onboarding" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in to Account Monitor</h1>
      {wasRefused && (
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
      <form className="card" method="post" {...form.props}>
        <TextField
          id="access-token"
          label="Access token, or the address the service printed"
          type="password"
          spellCheck={false}
          hint="It stays the same when the service restarts. This tab keeps it until it is closed."
          {...form.field('token')}
        />
        <button type="submit" className="primary">
          Open Account Monitor
        </button>
      </form>
    </section>
  );
}
