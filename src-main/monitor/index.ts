// The balance monitor room (see README.md): what the composition root, the desktop shell and the
// CLI use of it.
export { AccountsMonitor, DEFAULT_REMOTE_FORECAST_MS, HEARTBEAT_SECONDS } from './monitor.ts';
export type { AlertContext, MonitorOptions, MonitorTimers } from './monitor.ts';
export { statusOf } from './episodes.ts';
export { observedReading, readAccount } from './read.ts';
export { accountLine, age, statusWords, trayShape, trayTooltipAll } from './presentation.ts';
export type { NotificationText } from './presentation.ts';
export type * from './types.ts';
