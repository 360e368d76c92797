// Where the key is kept, said plainly; session-only (no keychain) is a designed warning state.
import type { Status } from '../../src-shared/app-api.ts';
import { Notice } from '../components/Notice.tsx';

/** The vault's reason without its own closing "the key is kept for this session only", said already. */
export function vaultReason(status: Status): string | undefined {
  const reason = status.vault.reason?.replace(/[;,.:]?\s*the key is kept for this session only\.?\s*$/i, '').trim();
  return reason === undefined || reason === '' ? undefined : reason;
}

export function vaultSentence(status: Status): string {
  if (status.vault.mode === 'keychain') return `Your API key is kept in ${status.vault.store}.`;
  return 'Your API key is kept for this session only. It is never written to disk in plain text, so you will be asked for it again next time.';
}

export function VaultNote({ status }: { status: Status }) {
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
    </Notice>
  );
}
