// Notification settings: what get_notification_settings returns (in words and as the document
// itself), a validated form that changes them (read-only, "managed by your provider", for a
// connected account), who sends which alert, and how this window reads dates (a local account's).
import { useState } from 'react';
import { useAccount } from '../../data/account-context.ts';
import { useSettings } from '../../data/queries.ts';
import { Notice } from '../../components/Notice.tsx';
import { DateOrderSetting } from './DateOrderSetting.tsx';
import { SettingsEditor } from './SettingsEditor.tsx';
import { SettingsNow } from './SettingsNow.tsx';
import { WhoDelivers } from './WhoDelivers.tsx';

export function SettingsPanel() {
  const { account } = useAccount();
  const managed = account.kind === 'remote';
  const current = useSettings();
  const [savedNote, setSavedNote] = useState<string>();
  return (
    <section id="settings" className="panel" aria-labelledby="settings-title">
      <h2 id="settings-title">Notification settings</h2>
      <div className="settings-grid">
        <SettingsNow />
        {managed && (
          <div className="card" data-testid="settings-managed">
            <h3>Managed by your provider</h3>
            <p>
              These settings belong to your account at your provider, which sends the notifications they govern. The
              account API has no way to change them: change them with your provider.
            </p>
            <p className="muted small">
              This app warns you when the balance falls below your provider&apos;s warning level.
            </p>
          </div>
        )}
        {!managed && current.data && (
          <SettingsEditor
            key={JSON.stringify(current.data)}
            initial={current.data}
            saved={() => {
              setSavedNote('Saved. The XML shows what the endpoint returns now.');
            }}
            note={savedNote}
          />
        )}
        {!managed && current.error && (
          <Notice tone="error" title="Could not load the form" headingLevel={3}>
            <p>{current.error.message}</p>
          </Notice>
        )}
        <WhoDelivers />
        {/* A connected account's phrases are its provider's to read: the window's setting does nothing there. */}
        {!managed && <DateOrderSetting />}
      </div>
    </section>
  );
}
