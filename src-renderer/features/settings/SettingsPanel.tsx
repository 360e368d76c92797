// Notification settings: what get_notification_settings returns (read as the spec's XML and also
// shown verbatim), and a validated form that changes them.
import { useEffect, useState, type SyntheticEvent } from 'react';
import type { Settings } from '../api/types.ts';
import { messageOf, useApp, useAsync } from '../hooks.ts';
import { Notice } from '../components/Notice.tsx';
import { PoundsField } from '../components/PoundsField.tsx';
import { penceToPoundsText } from '../../src-shared/money/parse-pounds.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { ALERT_LEVELS, type DateOrder } from '../../src-shared/vocabulary.ts';
import { dateOrderExample, setDateOrder, useDateOrder } from '../preferences.ts';
import type { SettingsAnswer } from '../lib/xml.ts';
import { SUMMARY_CHOICES, validateSettings, type SettingsForm } from '../lib/validation.ts';

export function describeWarning(answer: SettingsAnswer): string {
  if (!answer.warning) return 'Not set (no warning element)';
  const level =
    answer.warning.level === null ? 'no level' : `${formatPounds(answer.warning.level)} (${answer.warning.level}p)`;
  return answer.warning.enabled ? `On, below ${level}` : `Off (level ${level})`;
}

const list = (values: readonly (string | number)[], suffix = ''): string =>
  values.length === 0 ? 'None' : values.map((v) => `${v}${suffix}`).join(', ');

export function SettingsPanel() {
  const { revision, changed, report, api, account } = useApp();
  const managed = account.kind === 'remote';
  const xml = useAsync(() => api.settingsXml(), [revision, api]);
  const current = useAsync(() => (managed ? Promise.resolve(undefined) : api.settings()), [revision, api, managed]);
  const [savedNote, setSavedNote] = useState<string>();
  useEffect(() => {
    if (xml.error) report(xml.error);
  }, [xml.error, report]);
  const onSaved = () => {
    setSavedNote('Saved. The XML shows what the endpoint returns now.');
    changed();
  };

  return (
    <section id="settings" className="panel" aria-labelledby="settings-title">
      <h2 id="settings-title">Notification settings</h2>
      <div className="settings-grid">
        <div className="card">
          <h3 id="settings-now-title">What the API returns now</h3>
          {xml.error && (
            <Notice tone="error" title="Could not read the settings" headingLevel={3}>
              <p>{xml.error.message}</p>
            </Notice>
          )}
          {xml.data && (
            <>
              <dl className="facts" data-testid="settings-summary">
                <dt>Low-balance warning</dt>
                <dd>{describeWarning(xml.data.answer)}</dd>
                <dt>Usage summaries</dt>
                <dd>{list(xml.data.answer.summary)}</dd>
                <dt>Disk alerts</dt>
                <dd>{list(xml.data.answer.disk, '%')}</dd>
                <dt>Bandwidth alerts</dt>
                <dd>{list(xml.data.answer.bandwidth, '%')}</dd>
              </dl>
              <h4>
                Exactly as <code>get_notification_settings</code> returns it
              </h4>
              <pre className="xml" data-testid="settings-xml" tabIndex={0} aria-label="Settings XML">
                {xml.data.xml}
              </pre>
            </>
          )}
        </div>
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
        {current.data && (
          <SettingsEditor key={JSON.stringify(current.data)} initial={current.data} saved={onSaved} note={savedNote} />
        )}
        {current.error && (
          <Notice tone="error" title="Could not load the form" headingLevel={3}>
            <p>{current.error.message}</p>
          </Notice>
        )}
        <WhoDelivers />
        <DateOrderSetting />
      </div>
    </section>
  );
}

function SettingsEditor({ initial, saved, note }: { initial: Settings; saved: () => void; note: string | undefined }) {
  const { api } = useApp();
  const [form, setForm] = useState<SettingsForm>({
    warningEnabled: initial.warningEnabled,
    warningLevel: initial.warningLevel === null ? '' : penceToPoundsText(initial.warningLevel),
    summary: initial.summary,
    disk: initial.disk,
    bandwidth: initial.bandwidth,
  });
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<{ ok: false; text: string }>();
  const [busy, setBusy] = useState(false);
  const [failedOnLevel, setFailedOnLevel] = useState(0);

  const toggle = <K extends 'summary' | 'disk' | 'bandwidth'>(field: K, value: SettingsForm[K][number]) => {
    setForm((f) => {
      const values = f[field] as (string | number)[];
      const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
      return { ...f, [field]: next };
    });
  };

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    setOutcome(undefined);
    const checked = validateSettings(form);
    if (!checked.ok) {
      setError(checked.errors.warningLevel);
      setFailedOnLevel((n) => n + 1);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await api.saveSettings(checked.value);
      saved();
    } catch (err) {
      setOutcome({ ok: false, text: `Not saved: ${messageOf(err)}` });
      setBusy(false);
    }
  };

  return (
    <form
      className="card settings-form"
      onSubmit={(e) => {
        void submit(e);
      }}
      noValidate
    >
      <h3 id="settings-edit-title">Change settings</h3>
      <fieldset>
        <legend>Low-balance warning</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={form.warningEnabled}
            onChange={(e) => {
              setForm({ ...form, warningEnabled: e.target.checked });
            }}
          />{' '}
          Warning enabled
        </label>
        <PoundsField
          id="warning-level"
          label="Warning level (£)"
          value={form.warningLevel}
          onChange={(warningLevel) => {
            setForm({ ...form, warningLevel });
          }}
          error={error}
          rules={{ zero: true }}
          focusOnError={failedOnLevel}
          hint="In pounds, e.g. 10 for £10.00. Leave empty for no level."
        />
      </fieldset>
      <fieldset>
        <legend>Usage summary reports</legend>
        {SUMMARY_CHOICES.map((p) => (
          <label className="check" key={p}>
            <input
              type="checkbox"
              checked={form.summary.includes(p)}
              onChange={() => {
                toggle('summary', p);
              }}
            />{' '}
            {p[0]?.toUpperCase()}
            {p.slice(1)} summary
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Disk usage alerts</legend>
        {ALERT_LEVELS.map((t) => (
          <label className="check" key={t}>
            <input
              type="checkbox"
              checked={form.disk.includes(t)}
              onChange={() => {
                toggle('disk', t);
              }}
            />{' '}
            Disk {t}%
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Bandwidth usage alerts</legend>
        {ALERT_LEVELS.map((t) => (
          <label className="check" key={t}>
            <input
              type="checkbox"
              checked={form.bandwidth.includes(t)}
              onChange={() => {
                toggle('bandwidth', t);
              }}
            />{' '}
            Bandwidth {t}%
          </label>
        ))}
      </fieldset>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save settings'}
      </button>
      <p role="status" className={outcome?.ok === false ? 'field-error' : 'saved'}>
        {outcome?.text ?? note}
      </p>
    </form>
  );
}

/** Which alerts this app sends itself, and which are the provider's to send. */
function WhoDelivers() {
  return (
    <div className="card" data-testid="who-delivers">
      <h3>Who sends which alert</h3>
      <ul className="plain-list">
        <li>
          <strong>This app</strong> sends the <strong>low-balance warning</strong> and the <strong>forecast</strong>{' '}
          (&ldquo;will fall below your level within 7 days&rdquo;) as desktop notifications while it runs, and a{' '}
          <strong>usage summary</strong> at the end of each chosen day, week or month (also a desktop notification).
        </li>
        <li>
          <strong>Your hosting provider</strong> sends the <strong>disk</strong> and <strong>bandwidth</strong> alerts:
          this app does not know your disk or bandwidth use. The levels chosen here are what the API reports for it to
          act on.
        </li>
      </ul>
    </div>
  );
}

/** How the window reads dates such as 01/07/2026: its own setting, for every date field and import. */
function DateOrderSetting() {
  const order = useDateOrder();
  const choice = (value: DateOrder, words: string) => (
    <label className="check">
      <input
        type="radio"
        name="date-order"
        value={value}
        checked={order === value}
        onChange={() => {
          setDateOrder(value);
        }}
      />{' '}
      {words}
    </label>
  );
  return (
    <form
      className="card"
      aria-labelledby="date-order-title"
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <h3 id="date-order-title">Dates in this window</h3>
      <fieldset>
        <legend>01/07/2026 means</legend>
        {choice('dmy', '1 July 2026 (day first)')}
        {choice('mdy', '7 January 2026 (month first)')}
      </fieldset>
      <p className="muted small">
        Used by every date field here, by Balance at and by CSV files imported in this window; now: 01/07/2026 is{' '}
        {dateOrderExample(order)}. The local API and the command line keep the API&apos;s reading (month first) unless a
        command is given <code>--date-order dmy</code>.
      </p>
    </form>
  );
}
