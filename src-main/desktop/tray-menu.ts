// The tray's context menu as data, rebuilt from the monitor's view whenever anything in it
// changes (tray.ts hands it to Electron again each time: Linux's AppIndicator shows only the
// menu last set). Sections are drawn with separators between them; a new section (the newest
// alerts, issue 21) is one more entry in the list trayMenuModel returns.
import type { Alert } from '../../src-shared/app-api.ts';
import { providerText } from '../../src-shared/quote.ts';
import { accountLine, alertTitle, trayTooltipAll } from '../monitor/presentation.ts';
import type { AccountsView } from '../monitor/types.ts';

/** Alerts listed in the menu, newest first, and the longest label one gets (menus do not wrap). */
export const TRAY_ALERTS = 3;
const ALERT_LABEL_LIMIT = 60;

export type TrayAction = 'open' | 'refresh' | 'copy-api-url' | 'quit' | 'snooze' | 'resume-reminders';

export interface TrayMenuItem {
  label: string;
  /** What a click does; an item without one is information, drawn disabled. */
  action?: TrayAction;
  /** The account a snooze item is about. */
  account?: number;
  enabled?: boolean;
}

export interface TrayMenuSection {
  id: string;
  items: TrayMenuItem[];
}

export interface TrayMenuInput {
  view: AccountsView;
  apiUrl: string | null;
  /** The newest stored alerts, newest first (the alert feed's `recent`); more than TRAY_ALERTS are left out. */
  alerts?: readonly Alert[];
  /** The app's zone: when each account was read is said as a clock time, true however long the menu stays. */
  timeZone: string;
  /** Snoozed accounts, and when their snooze ends in words ("Tue 24 Nov, 08:00"). */
  snoozed?: ReadonlyMap<number, string>;
}

/**
 * Open, the state of every account (the tooltip is not the only place it is written: many Linux
 * panels show no tooltips), the newest alerts (a click opens the window, where the list is),
 * Refresh now and Copy local API URL, Quit.
 */
export function trayMenuModel({
  view,
  apiUrl,
  alerts = [],
  timeZone,
  snoozed = new Map(),
}: TrayMenuInput): TrayMenuSection[] {
  const newest = alertItems(alerts, view.accounts.length > 1);
  const snooze = snoozeItems(view, snoozed);
  return [
    { id: 'open', items: [{ label: 'Open Account Monitor', action: 'open' }] },
    { id: 'accounts', items: accountItems(view, timeZone) },
    ...(snooze.length === 0 ? [] : [{ id: 'snooze', items: snooze }]),
    ...(newest.length === 0 ? [] : [{ id: 'alerts', items: newest }]),
    {
      id: 'actions',
      items: [
        { label: 'Refresh now', action: 'refresh' },
        {
          label: apiUrl === null ? 'Copy local API URL (not listening)' : `Copy local API URL (${apiUrl})`,
          action: 'copy-api-url',
          enabled: apiUrl !== null,
        },
      ],
    },
    { id: 'quit', items: [{ label: 'Quit', action: 'quit' }] },
  ];
}

function accountItems(view: AccountsView, timeZone: string): TrayMenuItem[] {
  const tooltip = trayTooltipAll(view, timeZone).split('\n');
  if (view.accounts.length === 0) return [{ label: tooltip.slice(0, 2).join(': ') }];
  // The worst state first when it is not plain "ok", then one line per account.
  const head = view.accounts.length > 1 && view.state !== 'ok' ? [{ label: tooltip[0] ?? 'Account Monitor' }] : [];
  return [...head, ...view.accounts.map((a) => ({ label: accountLine(a, view.now, { clockIn: timeZone }) }))];
}

/**
 * For each account below its level (or below zero): no reminders until tomorrow, or, while
 * snoozed, reminders again; named when there are several (alertTitle's rule).
 */
function snoozeItems(view: AccountsView, snoozed: ReadonlyMap<number, string>): TrayMenuItem[] {
  const several = view.accounts.length > 1;
  return view.accounts
    .filter((a) => a.status.balance === 'low' || a.status.balance === 'below_zero')
    .map((a) => {
      const until = snoozed.get(a.id);
      const title =
        until === undefined ? 'Snooze reminders until tomorrow' : `Resume reminders (snoozed until ${until})`;
      return {
        label: providerText(alertTitle({ title, accountName: a.name }, several), ALERT_LABEL_LIMIT),
        action: until === undefined ? 'snooze' : 'resume-reminders',
        account: a.id,
      };
    });
}

/** "Home: Balance is low", one line, control characters gone, cut short; the account named when there are several. */
function alertItems(alerts: readonly Alert[], several: boolean): TrayMenuItem[] {
  return alerts.slice(0, TRAY_ALERTS).map((a) => ({
    label: providerText(alertTitle(a, several), ALERT_LABEL_LIMIT),
    action: 'open',
  }));
}
