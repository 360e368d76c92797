// This window's key: copy it (or the line that exports it), forget it, and for a connected
// account disconnect; each of the last two asks first, saying what goes and what stays.
import { useState } from 'react';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog.tsx';
import { useAccount } from '../../data/account-context.ts';
import { useLetGo } from '../../data/writes.ts';
import { KEY_VARIABLE } from './curl.ts';

export function KeyActions({
  copy,
  say,
}: {
  copy: (what: string, make: (key: string) => string) => Promise<void>;
  say: (text: string) => void;
}) {
  const { status, account } = useAccount();
  const [asking, setAsking] = useState<ConfirmRequest>();
  const letGo = useLetGo();
  const remote = account.kind === 'remote';
  const forget = (how: 'forget' | 'disconnect') => {
    letGo.mutate(how, {
      onError: (error) => {
        say(`Could not ${how === 'forget' ? 'forget the key' : 'disconnect'}: ${error.message}`);
      },
    });
  };
  return (
    <>
      <h3>This window&apos;s key</h3>
      <p className="dialog-buttons start">
        <button
          type="button"
          onClick={() => {
            void copy('the key', (key) => key);
          }}
        >
          Copy key
        </button>
        <button
          type="button"
          onClick={() => {
            void copy(`the line that sets ${KEY_VARIABLE}`, (key) => `export ${KEY_VARIABLE}='${key}'`);
          }}
        >
          Copy <code>export {KEY_VARIABLE}=…</code>
        </button>
      </p>
      <p className="muted small">
        Forgetting the key removes it from {status.vault.store}; the account{' '}
        {remote ? 'stays connected (scripts keep working)' : 'and its ledger stay'}.
      </p>
      <button
        type="button"
        className="danger"
        disabled={letGo.isPending}
        onClick={() => {
          setAsking({
            title: `Forget the key of ${account.name}?`,
            body: (
              <>
                <p>
                  The key is removed from {status.vault.store}, and this window stops showing {account.name} until you
                  give the key again.
                </p>
                <p>
                  {remote
                    ? 'The account stays connected: scripts using the key keep working.'
                    : 'The account and its ledger stay in the data folder; without the key you cannot reach them, so make sure you have it written down.'}
                </p>
              </>
            ),
            confirm: 'Forget key',
            onConfirm: () => {
              forget('forget');
            },
          });
        }}
      >
        Forget this key
      </button>
      {remote && (
        <>
          <p className="muted small">
            Disconnecting also makes the local API refuse this key. Connect again with it at any time.
          </p>
          <button
            type="button"
            className="danger"
            disabled={letGo.isPending}
            onClick={() => {
              setAsking({
                title: `Disconnect ${account.name}?`,
                body: (
                  <p>
                    The local API refuses this account&apos;s key from now on, background checks stop, and the window
                    forgets the key. The history of checks is kept; connecting again with the same key brings it back.
                  </p>
                ),
                confirm: 'Disconnect',
                onConfirm: () => {
                  forget('disconnect');
                },
              });
            }}
          >
            Disconnect this account
          </button>
        </>
      )}
      <ConfirmDialog
        request={asking}
        close={() => {
          setAsking(undefined);
        }}
      />
    </>
  );
}
