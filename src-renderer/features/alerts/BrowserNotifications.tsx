// "Notify me in this browser": asked for from this button only, never on load. Once allowed,
// each new pushed alert is shown once as a desktop notification through the browser, by one tab
// however many are open (notifier.ts). Blocked: says so and how to allow it again. Inside the
// desktop app the shell notifies itself, so nothing is offered there.
import { useEffect, useRef, useState } from 'react';
import { useAlerts } from './alert-data.ts';
import { becomeNotifier, claimNew, showNotification } from './notifier.ts';

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof Notification === 'function' ? Notification.permission : 'unsupported';
}

/** The permission as it stands, followed when the user changes it in the browser's site settings. */
function usePermission(): [Permission, (p: Permission) => void] {
  const [permission, setPermission] = useState(currentPermission);
  useEffect(() => {
    let status: PermissionStatus | undefined;
    const follow = () => {
      setPermission(currentPermission());
    };
    if (!('permissions' in navigator)) return;
    void navigator.permissions
      .query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', follow);
      })
      .catch(() => undefined /* no Permissions API: the button's answer is enough */);
    return () => {
      status?.removeEventListener('change', follow);
    };
  }, []);
  return [permission, setPermission];
}

export function BrowserNotifications() {
  const [permission, setPermission] = usePermission();
  const desktop = 'accountMonitorDesktop' in window;
  if (desktop) return null;
  return (
    <div className="browser-notifications" data-testid="browser-notifications">
      {permission === 'granted' && (
        <>
          <p className="muted">New alerts are shown as notifications by this browser.</p>
          <Notifier />
        </>
      )}
      {permission === 'default' && (
        <button
          type="button"
          onClick={() => {
            void Notification.requestPermission().then(setPermission, () => {
              setPermission(currentPermission());
            });
          }}
        >
          Notify me in this browser
        </button>
      )}
      {permission === 'denied' && (
        <p role="status">
          Notifications are blocked for this page. To allow them, open the site settings (the icon to the left of the
          address), set Notifications to Allow, then reload the page.
        </p>
      )}
      {permission === 'unsupported' && <p className="muted">This browser cannot show notifications.</p>}
    </div>
  );
}

/** Shows each new alert once (this tab only while it holds the notifier lock). */
function Notifier() {
  const alerts = useAlerts();
  const list = alerts.data?.pages[0]?.alerts;
  const [leader, setLeader] = useState(false);
  // The newest alert when this tab first read them: older ones are history, not news.
  const baseline = useRef<number | undefined>(undefined);
  if (baseline.current === undefined && list !== undefined) baseline.current = list[0]?.id ?? 0;
  useEffect(() => {
    const stop = new AbortController();
    becomeNotifier(stop.signal, () => {
      setLeader(true);
    });
    return () => {
      stop.abort();
    };
  }, []);
  useEffect(() => {
    if (!leader || list === undefined || baseline.current === undefined) return;
    const several = new Set(list.map((a) => a.accountId)).size > 1;
    for (const alert of claimNew(list, baseline.current)) showNotification(alert, several);
  }, [leader, list]);
  return null;
}
