// Where the key is kept, said plainly; session-only (no keychain) is a designed warning state.
// The warning can be dismissed (remembered for this address): it then shrinks to one line, so
// it no longer pushes the balance below the fold on a phone, and the fact is still on screen.
import { useState } from 'react';
import type { Status } from '../../src-shared/app-api.ts';
import { Notice } from '../components/Notice.tsx';
import { vaultReason } from '../lib/vault-reason.ts';

export function vaultSentence(status: Status): string {
  if (status.vault.mode === 'keychain') return `Your API key is kept in ${status.vault.store}.`;
  return 'Your API key is kept for this session only. It is never written to disk in plain text, so you will be asked for it again next time.';
}

const DISMISSED_KEY = 'account-monitor.vault-note-dismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function VaultNote({ status }: { status: Status }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage refused: dismissed for this page only.
    }
  };
  if (status.vault.mode !== 'keychain' && dismissed)
    return (
      <p className="vault-note" data-testid="vault-note-short">
        <span aria-hidden="true" className="vault-mark">
          ▲{' '}
        </span>
        No keychain: your API key is kept for this session only.
      </p>
    );
  if (status.vault.mode === 'keychain')
    return (
      <p className="vault-note">
        <span aria-hidden="true" className="vault-mark">
          ■{' '}
        </span>
        {vaultSentence(status)}
      </p>
    );
  const reason = vaultReason(status);
  return (
    <Notice tone="warning" title="No keychain: key kept for this session only">
      <p>{vaultSentence(status)}</p>
      {reason !== undefined && (
        <p className="small" data-testid="vault-reason">
          Why: {reason}
        </p>
      )}
      <p>
        <button type="button" className="link-button" onClick={dismiss}>
          Dismiss this warning
        </button>
      </p>
    </Notice>
  );
}
