// What get_notification_settings returns now: in words (from the settings as JSON), and the
// document itself exactly as the endpoint returns it (shown, never parsed here).
import type { Settings } from '../../../src-shared/app-api.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { Notice } from '../../components/Notice.tsx';
import { useSettings, useSettingsXml } from '../../data/queries.ts';

/** The warning in words; "no warning element" is spec rule 1 (off, and no level). */
export function describeWarning(settings: Settings): string {
  const level = settings.warningLevel;
  if (!settings.warningEnabled && level === null) return 'Not set (no warning element)';
  const shown = level === null ? 'no level' : `${formatPounds(level)} (${level}p)`;
  return settings.warningEnabled ? `On, below ${shown}` : `Off (level ${shown})`;
}

const list = (values: readonly (string | number)[], suffix = ''): string =>
  values.length === 0 ? 'None' : values.map((v) => `${v}${suffix}`).join(', ');

export function SettingsNow() {
  const settings = useSettings();
  const xml = useSettingsXml();
  const error = settings.error ?? xml.error;
  return (
    <div className="card">
      <h3 id="settings-now-title">What the API returns now</h3>
      {error && (
        <Notice tone="error" title="Could not read the settings" headingLevel={3}>
          <p>{error.message}</p>
        </Notice>
      )}
      {settings.data && (
        <dl className="facts" data-testid="settings-summary">
          <dt>Low-balance warning</dt>
          <dd>{describeWarning(settings.data)}</dd>
          <dt>Usage summaries</dt>
          <dd>{list(settings.data.summary)}</dd>
          <dt>Disk alerts</dt>
          <dd>{list(settings.data.disk, '%')}</dd>
          <dt>Bandwidth alerts</dt>
          <dd>{list(settings.data.bandwidth, '%')}</dd>
        </dl>
      )}
      {xml.data !== undefined && (
        <>
          <h4>
            Exactly as <code>get_notification_settings</code> returns it
          </h4>
          <pre className="xml" data-testid="settings-xml" tabIndex={0} aria-label="Settings XML">
            {xml.data}
          </pre>
        </>
      )}
    </div>
  );
}
