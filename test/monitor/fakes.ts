// A fake clock and a scripted account for driving the monitor in tests.
import type {
  AccountForecast,
  AccountSeries,
  AccountSource,
  BalanceDocument,
  LowPoint,
  PeriodUsage,
  SettingsDocument,
  SourceClock,
  Surprise,
} from '../../src-main/domain/account-source.ts';
import type { NotificationSettings } from '../../src-main/domain/settings.ts';
import type { MonitorReading } from '../../src-main/monitor/types.ts';

export class FakeClock {
  now: number;
  constructor(iso: string) {
    this.now = Date.parse(iso);
  }
  readonly read = (): number => this.now;
  advance(ms: number): void {
    this.now += ms;
  }
  set(iso: string): void {
    this.now = Date.parse(iso);
  }
}

export const MINUTE = 60_000;
export const DAY_S = 86_400;

/** An account whose answers the test scripts as one reading; `open` is the monitor's `account`. */
export class FakeSource implements AccountSource {
  readonly accountId = 1;
  reading: MonitorReading = {
    balance: '5000',
    warningEnabled: true,
    warningLevel: 1000,
    summary: [],
    forecastBelowLevelAt: null,
  };
  /** Looking the account up fails with this message (as with no key stored). */
  failWith: string | undefined;
  /** Reading the account never answers. */
  hang = false;
  usageFails = false;
  /** When the account was looked up, one entry per poll. */
  readonly reads: number[] = [];
  readonly usageCalls: [number, number][] = [];
  readonly #clock: FakeClock;
  constructor(clock: FakeClock) {
    this.#clock = clock;
  }

  set(patch: Partial<MonitorReading>): this {
    this.reading = { ...this.reading, ...patch };
    return this;
  }

  readonly open = (): Promise<AccountSource> => {
    this.reads.push(this.#clock.now);
    if (this.failWith !== undefined) return Promise.reject(new Error(this.failWith));
    return Promise.resolve(this);
  };

  #answer<T>(value: T): Promise<T> {
    return this.hang ? new Promise(() => undefined) : Promise.resolve(value);
  }

  balanceAt(): Promise<string> {
    return this.#answer(this.reading.balance);
  }

  settings(): Promise<NotificationSettings> {
    const r = this.reading;
    return this.#answer({
      warningEnabled: r.warningEnabled,
      warningLevel: r.warningLevel,
      summary: [...r.summary],
      disk: [],
      bandwidth: [],
    });
  }

  forecast(horizonDays: number): Promise<AccountForecast> {
    // Read now, as a local account's balance is (a connected account's is its latest check).
    return this.#answer({
      horizonDays,
      balanceNow: this.reading.balance,
      observedAt: Math.floor(this.#clock.now / 1000),
      belowWarning: this.reading.forecastBelowLevelAt,
      zero: null,
      from: Math.floor(this.#clock.now / 1000),
      shortDipPossibleAt: null,
      unknownBecause: null,
    });
  }

  // The monitor reads only the calls above; the spec documents and the chart are not its business.
  getBalance(): BalanceDocument {
    throw new Error('the monitor does not ask for documents');
  }
  getNotificationSettings(): SettingsDocument {
    throw new Error('the monitor does not ask for documents');
  }
  series(): Promise<AccountSeries> {
    return Promise.reject(new Error('the monitor does not draw'));
  }
  lowPoint(): Promise<LowPoint> {
    return Promise.reject(new Error('the monitor does not plan'));
  }
  surprises(): Promise<Surprise[]> {
    return Promise.resolve([]);
  }
  clock(): Promise<SourceClock | null> {
    return Promise.resolve(null);
  }

  usage(from: number, to: number): Promise<PeriodUsage> {
    this.usageCalls.push([from, to]);
    if (this.usageFails) return Promise.reject(new Error('usage failed'));
    // A recognisable, range-dependent answer: one penny per hour of the period.
    return Promise.resolve({ spent: String((to - from) / 3600), balance: this.reading.balance });
  }
}
