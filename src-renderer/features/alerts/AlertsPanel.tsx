// The Alerts panel: every account's stored alerts, newest first (time, account, title and text),
// unread ones marked "New". Reading marks read: once the list has been on screen with the page
// visible, the unread alerts it shows are marked read (they keep their "New" mark until the
// page is left, so the reader still sees which were new). "Mark all read" marks every account's.
// Reading does not silence reminders: the newest balance alert of each account (low, below zero)
// offers to snooze them (SnoozeControl).
import { type ReactNode, useEffect, useState } from 'react';
import type { Alert } from '../../../src-shared/app-api.ts';
import { Notice } from '../../components/Notice.tsx';
import { formatDateTime } from '../../lib/datetime.ts';
import { unreadOf, useAlerts, useMarkRead, useSnooze, useSnoozes } from './alert-data.ts';
import { AlertSettings } from './AlertSettings.tsx';
import { BrowserNotifications } from './BrowserNotifications.tsx';
import { SEVERITY_SHAPE, SEVERITY_WORD } from './severity-look.ts';
import { SnoozeControl } from './SnoozeControl.tsx';
import { useSeenMarksRead } from './use-seen-marks-read.ts';

export function AlertsPanel() {
  const alerts = useAlerts();
  const markRead = useMarkRead();
  const list = alerts.data?.pages.flatMap((p) => p.alerts) ?? [];
  const unread = unreadOf(alerts.data) ?? 0;
  // Alerts that were unread when this page showed them: still marked "New" after being read here.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const unreadIds = list.filter((a) => !a.read).map((a) => a.id);
  const unreadKey = unreadIds.join(',');
  useEffect(() => {
    if (unreadKey === '') return;
    setFresh((before) => new Set([...before, ...unreadKey.split(',').map(Number)]));
  }, [unreadKey]);
  const listRef = useSeenMarksRead(unreadIds, list.length > 0, (ids) => {
    markRead.mutate({ ids });
  });
  const snoozes = useSnoozes();
  const snooze = useSnooze();
  // Each account's newest balance alert carries its snooze control (reminders are about the balance).
  const snoozable = new Set<number>();
  const seenAccounts = new Set<number>();
  for (const a of list)
    if ((a.kind === 'low' || a.kind === 'below_zero') && !seenAccounts.has(a.accountId)) {
      seenAccounts.add(a.accountId);
      snoozable.add(a.id);
    }
  return (
    <section id="alerts" className="panel" aria-labelledby="alerts-title" tabIndex={-1}>
      <h2 id="alerts-title">
        Alerts{' '}
        {alerts.data && (
          <span className="muted" data-testid="alerts-unread">
            ({unread} unread)
          </span>
        )}
      </h2>
      <p className="muted">
        Every account&apos;s warnings from the monitor, newest first: kept here even when quiet hours held them back.
      </p>
      <div className="alerts-actions">
        <button
          type="button"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => {
            markRead.mutate({ all: true });
          }}
        >
          Mark all read
        </button>
        <BrowserNotifications />
      </div>
      {markRead.error && (
        <Notice tone="error" title="Could not mark the alerts read" headingLevel={3}>
          <p>{markRead.error.message}</p>
        </Notice>
      )}
      {snooze.error && (
        <Notice tone="error" title="Could not snooze the reminders" headingLevel={3}>
          <p>{snooze.error.message}</p>
        </Notice>
      )}
      {alerts.error && (
        <Notice tone="error" title="Could not read the alerts" headingLevel={3}>
          <p>{alerts.error.message}</p>
        </Notice>
      )}
      {alerts.data && list.length === 0 && (
        <Notice tone="info" title="No alerts yet" headingLevel={3}>
          <p>When a balance runs low, is forecast to, or a provider stops answering, the monitor says so here.</p>
        </Notice>
      )}
      {list.length > 0 && (
        <ol className="alert-list" ref={listRef} data-testid="alert-list">
          {list.map((a) => (
            <AlertItem key={a.id} alert={a} fresh={!a.read || fresh.has(a.id)}>
              {snoozable.has(a.id) && snoozes.data && (
                <SnoozeControl
                  accountId={a.accountId}
                  list={snoozes.data}
                  busy={snooze.isPending}
                  onChange={(resume) => {
                    snooze.mutate({ accountId: a.accountId, resume });
                  }}
                />
              )}
            </AlertItem>
          ))}
        </ol>
      )}
      {alerts.hasNextPage && (
        <button
          type="button"
          className="link-button"
          disabled={alerts.isFetchingNextPage}
          onClick={() => {
            void alerts.fetchNextPage();
          }}
        >
          Show older alerts
        </button>
      )}
      <AlertSettings />
    </section>
  );
}

function AlertItem({ alert, fresh, children }: { alert: Alert; fresh: boolean; children?: ReactNode }) {
  return (
    <li className={`alert-item alert-${alert.severity}`} data-read={alert.read ? 'yes' : 'no'}>
      <p className="alert-head">
        <span className="alert-shape" aria-hidden="true">
          {SEVERITY_SHAPE[alert.severity]}
        </span>
        <strong>{alert.title}</strong>
        <span className="visually-hidden">({SEVERITY_WORD[alert.severity]})</span>
        {fresh && <span className="alert-new">New</span>}
        {alert.delivery === 'held' && <span className="muted small">held in quiet hours</span>}
      </p>
      <p className="alert-text">{alert.text}</p>
      <p className="muted small">
        <time dateTime={new Date(alert.at.epochSeconds * 1000).toISOString()}>{formatDateTime(alert.at.datetime)}</time>{' '}
        · {alert.accountName}
      </p>
      {children}
    </li>
  );
}
