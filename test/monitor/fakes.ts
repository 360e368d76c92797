// A fake clock and a scripted data source for driving the monitor in tests.
import type { MonitorReading, MonitorSource, PeriodUsage } from '../../src-main/monitor/types.ts';

export class FakeClock {
  now: number;
  constructor(iso: string) { this.now = Date.parse(iso); }
  readonly read = (): number => this.now;
  advance(ms: number): void { this.now += ms; }
  set(iso: string): void { this.now = Date.parse(iso); }
}

export const MINUTE = 60_000;
export const DAY_S = 86_400;

export class FakeSource implements MonitorSource {
  reading: MonitorReading = { balance: '5000', warningEnabled: true, warningLevel: 1000, summary: [], forecastBelowLevelAt: null };
  failWith: string | undefined;
  hang = false;
  usageFails = false;
  readonly reads: number[] = [];
  readonly usageCalls: [number, number][] = [];
  readonly #clock: FakeClock;
  constructor(clock: FakeClock) { this.#clock = clock; }

  set(patch: Partial<MonitorReading>): this {
    this.reading = { ...this.reading, ...patch };
    return this;
  }

  readState(): Promise<MonitorReading> {
    this.reads.push(this.#clock.now);
    if (this.hang) return new Promise(() => undefined);
    if (this.failWith !== undefined) return Promise.reject(new Error(this.failWith));
    return Promise.resolve({ ...this.reading, summary: [...this.reading.summary] });
  }

  usage(from: number, to: number): Promise<PeriodUsage> {
    this.usageCalls.push([from, to]);
    if (this.usageFails) return Promise.reject(new Error('usage failed'));
    // A recognisable, range-dependent answer: one penny per hour of the period.
    return Promise.resolve({ spent: String((to - from) / 3600), balance: this.reading.balance });
  }
}
