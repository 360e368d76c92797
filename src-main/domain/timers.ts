// The process's own timers, for what takes them injected (the monitor's minute, the webhook's
// retries, the background checks' schedule), so that tests drive those by hand. Unref'd: a
// pending timer never keeps a CLI command or a test process alive.

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  /** Real elapsed time in ms (a schedule's clock, never the app's clock, which tests fix). */
  now(): number;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
  setInterval: (callback, ms) => setInterval(callback, ms).unref(),
  clearInterval: (handle) => {
    clearInterval(handle as ReturnType<typeof setInterval>);
  },
  now: () => performance.now(),
};
