// The balance monitor room (see README.md): what the desktop shell uses of it.
export { AccountsMonitor } from './accounts-monitor.ts';
export type { AccountsMonitorOptions, WatchedAccount } from './accounts-monitor.ts';
export { BalanceMonitor } from './monitor.ts';
export type { MonitorOptions, MonitorTimers } from './monitor.ts';
export { notificationText, trayTooltip, trayTooltipAll } from './presentation.ts';
export type { NotificationText } from './presentation.ts';
export type * from './types.ts';
