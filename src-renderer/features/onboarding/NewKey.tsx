import { useLayoutEffect, useRef, useState } from 'react';
import type { AccountSummary, Status } from '../../../src-shared/app-api.ts';
import { Notice } from '../../components/Notice.tsx';

/**
 * A new account's key, shown this once: scripts, the CLI and this window after a restart without
 * a keychain need it, and nothing shows it again. The user moves on when they have kept it.
 */
export function NewKey({
  account,
  newKey,
  status,
  done,
}: {
  account: AccountSummary;
  newKey: string;
  status: Status;
  done: () => Promise<void>;
}) {
  const [copied, setCopied] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the news, not at the top of the page (before the
  // browser paints: a layout effect).
  useLayoutEffect(() => {
    heading.current?.focus();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(newKey);
      setCopied('Copied. Paste it somewhere safe, such as your password manager.');
    } catch {
      setCopied('Copying is not allowed here: select the key and copy it by hand.');
    }
  };
  const next = () => {
    setLeaving(true);
    void done();
  };
  return (
    <section className="onboarding" aria-labelledby="new-key-title">
      <h1 id="new-key-title" tabIndex={-1} ref={heading}>
        Keep your new key
      </h1>
      <div className="card new-key-card">
        <p>
          This is the API key of &ldquo;{account.name}&rdquo;. Scripts and the command line use it to read the balance,
          and it is the only way back to this account&apos;s data.
        </p>
        <p className="new-key">
          <code data-testid="new-key">{newKey}</code>
        </p>
        <p>
          <button
            type="button"
            onClick={() => {
              void copy();
            }}
          >
            Copy key
          </button>
        </p>
        <p role="status" className="saved">
          {copied}
        </p>
        <Notice tone="warning" title="Keep this key" headingLevel={2}>
          <p>
            It is shown only this once.{' '}
            {status.vault.mode === 'keychain'
              ? `This window keeps it in ${status.vault.store}, but if you forget it there or move to another computer you will need it again.`
              : 'There is no keychain here: this window holds it for this session only, so after a restart you will have to paste it again.'}
          </p>
        </Notice>
        {/* One way on: two buttons that did the same made people wonder what the other one skipped. */}
        <div className="dialog-buttons">
          <button type="button" className="primary" disabled={leaving} onClick={next}>
            I&apos;ve saved it
          </button>
        </div>
      </div>
    </section>
  );
}
