// Which keychain will hold the keys, or that there is none and they last this session only.
import type { Status } from '../../../src-shared/app-api.ts';
import { Notice } from '../../components/Notice.tsx';
import { vaultReason } from '../../lib/vault-reason.ts';

export function StoreNote({ status }: { status: Status }) {
  const reason = vaultReason(status);
  if (status.vault.mode === 'keychain') {
    return (
      <p className="vault-note">
        <span aria-hidden="true" className="vault-mark">
          ■{' '}
        </span>
        Keys will be kept in {status.vault.store}, not in this page.
      </p>
    );
  }
  return (
    <Notice tone="warning" title="No keychain available">
      <p>
        Keys will be kept for this session only. They are never written to disk in plain text, so you will be asked for
        them again next time.
      </p>
      {reason !== undefined && (
        <p className="small" data-testid="vault-reason">
          Why: {reason}
        </p>
      )}
    </Notice>
  );
}
