// The balance monitor room: polls one account through the AccountSource interface
// (src-main/domain/account-source.ts) and turns readings into a tray state and notifications.
// Pure logic driven by an injected clock; may import src-shared and the domain's types and
// calendar periods, never the service, the store or electron.
export { BalanceMonitor } from './monitor.ts';
export type { MonitorOptions, MonitorTimers } from './monitor.ts';
export { notificationText, trayTooltip } from './presentation.ts';
export type { NotificationText } from './presentation.ts';
export type * from './types.ts';
