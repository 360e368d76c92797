// Where the key is kept, said plainly; session-only (no keychain) is a designed warning state.
import type { Status } from '../api/types.ts';
import { Notice } from '../components/Notice.tsx';

export function vaultSentence(status: Status): string {
  if (status.vault.mode === 'keychain') return `Your API key is kept in ${status.vault.store}.`;
  return `Your API key is kept for this session only${status.vault.reason ? `: ${status.vault.reason}` : ''}. You will be asked for it again next time.`;
}

export function VaultNote({ status }: { status: Status }) {
  if (status.vault.mode === 'keychain') return <p className="vault-note"><span aria-hidden="true" className="vault-mark">■ </span>{vaultSentence(status)}</p>;
  return (
    <Notice tone="warning" title="No keychain: key kept for this session only">
      <p>{vaultSentence(status)}</p>
    </Notice>
  );
}
