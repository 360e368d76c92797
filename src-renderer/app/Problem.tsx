// Designed states that replace the panels: the service is not answering (or failed in another
// way), and the window's key for an account was refused.
import { useState } from 'react';
import { accountApi, ApiError } from '../api/client.ts';
import type { AccountSummary } from '../../src-shared/app-api.ts';
import { Notice } from '../components/Notice.tsx';
import { messageOf } from '../lib/hooks.ts';

export function KeyRefused({ account, reload }: { account: AccountSummary; reload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const forget = async () => {
    setBusy(true);
    try {
      await accountApi(account.id).forgetKey();
    } catch {
      /* the status reload below shows any remaining problem */
    }
    await reload();
  };
  return (
    <Notice tone="error" title="Your API key was refused">
      <p>
        The service no longer accepts the key of &ldquo;{account.name}&rdquo;. It may have been revoked, or the account
        removed or disconnected.
      </p>
      <p>Forget it and set up the window again with a new key.</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          void forget();
        }}
      >
        Use a different key
      </button>
    </Notice>
  );
}

export function Problem({ error, retry }: { error: Error; retry: () => void }) {
  if (error instanceof ApiError && error.kind === 'unreachable') {
    return (
      <Notice tone="error" title="The service is not answering">
        <p>The window could not reach the Account Monitor service. It may have stopped or be starting up.</p>
        <p>
          Start it again (for example <code>npm start</code>, or <code>npm run cli -- serve</code>) and then try again.
        </p>
        <button type="button" onClick={retry}>
          Try again
        </button>
      </Notice>
    );
  }
  return (
    <Notice tone="error" title="Something went wrong">
      <p>{messageOf(error)}</p>
      <button type="button" onClick={retry}>
        Try again
      </button>
    </Notice>
  );
}
