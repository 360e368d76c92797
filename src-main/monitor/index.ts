// The balance monitor room: pure logic driven by an injected clock and data source.
export { BalanceMonitor } from './monitor.ts';
export type { MonitorOptions, MonitorTimers } from './monitor.ts';
export { appSource } from './app-source.ts';
export { notificationText, trayTooltip } from './presentation.ts';
export type { NotificationText } from './presentation.ts';
export type * from './types.ts';
