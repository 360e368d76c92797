// The balance monitor: polls the account at an interval and turns readings into a tray state
// (ok / low / unknown) and notifications. Pure apart from what is injected: the clock, the
// account it watches and the timer, so tests drive it with a fake clock and a fake account.
//
// Notification rules (spec section 6, and where it is silent, what a careful user expects):
// - low: once per crossing below the warning level while the warning is enabled; re-armed only
//   when a reading shows the balance back above the level (or the level itself changes).
// - forecast: once when the projected balance crosses the level within the forecast window
//   (7 days); re-armed when a reading no longer projects a crossing inside the window.
// - summary: at the end of each chosen period (day, ISO week, month of the configured zone):
//   what was spent in it and the balance now. A period chosen mid-way reports from its next end;
//   ends missed while the app was closed or asleep give one summary for the latest period only.
import { parsePence, penceUnits } from '../../src-shared/money/decimal.ts';
import type { SummaryPeriod } from '../../src-shared/vocabulary.ts';
import type { AccountSource } from '../domain/account-source.ts';
import { periodAround } from './periods.ts';
import type { MonitorNotification, MonitorReading, MonitorSnapshot, MonitorState } from './types.ts';

export interface MonitorTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface MonitorOptions {
  /** The account to watch, looked up at every poll (the stored key may change); throws when there is none. */
  account: () => Promise<AccountSource>;
  /** Epoch milliseconds now; the app's clock (fixed by ACCOUNT_MONITOR_NOW in tests). */
  clock: () => number;
  timeZone: string;
  /** Poll interval; default one minute. */
  intervalMs?: number;
  /** A reading older than this (stale) makes the state unknown; default three intervals. */
  staleAfterMs?: number;
  forecastWindowDays?: number;
  timers?: MonitorTimers;
  onChange?: (snapshot: MonitorSnapshot) => void;
  onNotify?: (notification: MonitorNotification) => void;
  /** Told when onChange or onNotify throws; the monitor carries on. */
  onListenerError?: (error: unknown) => void;
}

const realTimers: MonitorTimers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => {
    clearInterval(handle as ReturnType<typeof setInterval>);
  },
};

export class BalanceMonitor {
  readonly #o: Required<Omit<MonitorOptions, 'onChange' | 'onNotify' | 'onListenerError' | 'timers'>> &
    Pick<MonitorOptions, 'onChange' | 'onNotify' | 'onListenerError'>;
  readonly #timers: MonitorTimers;
  #handle: unknown;
  #inFlight: Promise<void> | undefined;
  #reading: MonitorReading | undefined;
  #readAt: number | undefined;
  #failure: string | undefined;
  #lastEmitted: string | undefined;
  #lowArmed = true;
  #forecastArmed = true;
  #armedLevel: number | null | undefined;
  /** Next period end (epoch seconds) per chosen summary period. */
  readonly #nextEnd = new Map<SummaryPeriod, number>();

  constructor(options: MonitorOptions) {
    const intervalMs = options.intervalMs ?? 60_000;
    this.#o = {
      ...options,
      intervalMs,
      staleAfterMs: options.staleAfterMs ?? 3 * intervalMs,
      forecastWindowDays: options.forecastWindowDays ?? 7,
    };
    this.#timers = options.timers ?? realTimers;
  }

  /** Polls now and then at every interval. */
  start(): void {
    if (this.#handle !== undefined) return;
    this.#handle = this.#timers.setInterval(() => {
      void this.refresh();
    }, this.#o.intervalMs);
    void this.refresh();
  }

  stop(): void {
    if (this.#handle === undefined) return;
    this.#timers.clearInterval(this.#handle);
    this.#handle = undefined;
  }

  /**
   * One poll ("refresh now"). While a poll is still running, a new call does not start another;
   * it re-checks staleness, so an account that hangs turns the state unknown in time.
   */
  async refresh(): Promise<MonitorSnapshot> {
    if (this.#inFlight) {
      this.#emitIfChanged();
      await this.#inFlight;
      return this.snapshot();
    }
    this.#inFlight = this.#poll();
    try {
      await this.#inFlight;
    } finally {
      this.#inFlight = undefined;
    }
    return this.snapshot();
  }

  snapshot(): MonitorSnapshot {
    const problem = this.#problem();
    return {
      state: this.#state(),
      reading: this.#reading,
      readAt: this.#readAt,
      problem,
      stale: problem !== undefined && this.#failure === undefined && this.#readAt !== undefined,
    };
  }

  async #poll(): Promise<void> {
    let reading: MonitorReading;
    let observedAt: number;
    let account: AccountSource;
    try {
      account = await this.#o.account();
      ({ reading, observedAt } = await this.#read(account));
      parsePence(reading.balance); // a reading that cannot be compared is a failed reading
    } catch (error: unknown) {
      this.#failure = error instanceof Error ? error.message : String(error);
      this.#emitIfChanged();
      return;
    }
    this.#failure = undefined;
    this.#reading = reading;
    // When the account read its balance: now for a local account, its latest check for a connected one.
    this.#readAt = observedAt * 1000;
    this.#emitIfChanged();
    this.#checkLow(reading);
    this.#checkForecast(reading);
    await this.#checkSummaries(reading, account);
  }

  /** Settings and the forecast (which carries the balance now), a day past the forecast window. */
  async #read(account: AccountSource): Promise<{ reading: MonitorReading; observedAt: number }> {
    const [settings, forecast] = await Promise.all([
      account.settings(),
      account.forecast(this.#o.forecastWindowDays + 1),
    ]);
    const reading = {
      balance: forecast.balanceNow,
      warningEnabled: settings.warningEnabled,
      warningLevel: settings.warningLevel,
      summary: settings.summary,
      forecastBelowLevelAt: forecast.belowWarning,
    };
    return { reading, observedAt: forecast.observedAt };
  }

  #state(): MonitorState {
    if (this.#problem() !== undefined || this.#reading === undefined) return 'unknown';
    return isBelow(this.#reading) ? 'low' : 'ok';
  }

  #problem(): string | undefined {
    if (this.#failure !== undefined) return this.#failure;
    if (this.#readAt === undefined) return 'not read yet';
    const age = this.#o.clock() - this.#readAt;
    if (age > this.#o.staleAfterMs) return `no fresh reading for ${Math.round(age / 60_000)} min`;
    return undefined;
  }

  #emitIfChanged(): void {
    const snapshot = this.snapshot();
    const key = JSON.stringify([snapshot.state, snapshot.reading, snapshot.problem]);
    if (key === this.#lastEmitted) return;
    this.#lastEmitted = key;
    this.#deliver(() => this.#o.onChange?.(snapshot));
  }

  #notify(notification: MonitorNotification): void {
    this.#deliver(() => this.#o.onNotify?.(notification));
  }

  /** A listener that throws (a tray or notification API failing) must not stop the monitoring. */
  #deliver(call: () => void): void {
    try {
      call();
    } catch (error: unknown) {
      this.#o.onListenerError?.(error);
    }
  }

  #checkLow(reading: MonitorReading): void {
    if (reading.warningLevel !== this.#armedLevel) {
      // A new level is a new threshold: crossing it is news even if the old one was crossed.
      this.#armedLevel = reading.warningLevel;
      this.#lowArmed = true;
      this.#forecastArmed = true;
    }
    if (reading.warningLevel === null) return;
    const balance = parsePence(reading.balance);
    const level = penceUnits(reading.warningLevel);
    if (balance > level) {
      this.#lowArmed = true;
      return;
    }
    if (balance < level && reading.warningEnabled && this.#lowArmed) {
      this.#lowArmed = false;
      this.#notify({ kind: 'low', balance: reading.balance, level: reading.warningLevel });
    }
  }

  #checkForecast(reading: MonitorReading): void {
    const level = reading.warningLevel;
    const crossesAt = reading.forecastBelowLevelAt;
    const nowSeconds = this.#o.clock() / 1000;
    const inWindow = crossesAt !== null && crossesAt - nowSeconds <= this.#o.forecastWindowDays * 86_400;
    if (!inWindow) {
      this.#forecastArmed = true;
      return;
    }
    // Already below: the low notification says it; a forecast of the past is noise.
    if (level === null || !reading.warningEnabled || isBelow(reading) || !this.#forecastArmed) return;
    this.#forecastArmed = false;
    this.#notify({ kind: 'forecast', balance: reading.balance, level, crossesAt });
  }

  async #checkSummaries(reading: MonitorReading, account: AccountSource): Promise<void> {
    const nowSeconds = Math.floor(this.#o.clock() / 1000);
    for (const period of [...this.#nextEnd.keys()]) {
      if (!reading.summary.includes(period)) this.#nextEnd.delete(period);
    }
    for (const period of reading.summary) {
      const due = this.#nextEnd.get(period);
      const current = periodAround(period, nowSeconds, this.#o.timeZone);
      if (due === undefined) {
        this.#nextEnd.set(period, current.end);
        continue;
      }
      if (nowSeconds < due) continue;
      // The latest period that has ended is the one just before the current one.
      const ended = periodAround(period, current.start - 1, this.#o.timeZone);
      try {
        const usage = await account.usage(ended.start, ended.end);
        this.#notify({
          kind: 'summary',
          period,
          from: ended.start,
          to: ended.end,
          spent: usage.spent,
          balance: reading.balance,
        });
        this.#nextEnd.set(period, current.end);
      } catch {
        // Left due: the next poll tries again.
      }
    }
  }
}

function isBelow(reading: MonitorReading): boolean {
  return (
    reading.warningEnabled &&
    reading.warningLevel !== null &&
    parsePence(reading.balance) < penceUnits(reading.warningLevel)
  );
}
