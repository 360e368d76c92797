// A way an alert reaches a person: each channel is told of every pushed alert (and, where it can
// close what it showed, of each thread that is over) and must never block or throw into the
// monitor (it queues, retries and logs on its own).
import type { Alert } from '../../../src-shared/app-api.ts';
import type { AlertContext } from '../monitor.ts';
import { alertTitle } from '../presentation.ts';
import type { Thread } from '../types.ts';

export interface AlertChannel {
  /** Told of alerts held back by quiet hours too (a log line disturbs nobody); `context.push` says which. */
  readonly quietToo?: boolean;
  /** Hands the alert over; returns at once. */
  send(alert: Alert, context: AlertContext): void;
  /** The thread is over: close what this channel still shows of it (where it can); returns at once. */
  withdraw?(thread: Thread): void;
  /** Stops: pending deliveries are dropped, connections closed. */
  close(): void;
}

/** The title a pushed alert shows (alertTitle's rule, with the monitor's count of accounts). */
export function pushedTitle(alert: Alert, context: AlertContext): string {
  return alertTitle(alert, context.several);
}

/**
 * What a person asked of a notification, where its server offers buttons: open the app, or no
 * reminders for the account until tomorrow morning (the app decides what that means: app.ts).
 */
export type NotificationAction = { kind: 'open' } | { kind: 'snooze'; accountId: number };

/** The buttons a notification offers: Open always, Snooze on an account's balance (reminders are about it). */
export function notificationActions(alert: Alert, context: AlertContext): NotificationAction[] {
  return context.thread?.kind === 'balance'
    ? [{ kind: 'open' }, { kind: 'snooze', accountId: alert.accountId }]
    : [{ kind: 'open' }];
}

/** A button's words. */
export const ACTION_LABEL: Record<NotificationAction['kind'], string> = {
  open: 'Open',
  snooze: 'Snooze until tomorrow',
};
