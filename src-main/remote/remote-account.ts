// A connected account: the provider is the truth. The spec's two endpoints pass the request
// through (the `datetime` bytes unchanged, the request's own key) and answer the provider's
// validated document; the monitor reads the latest check; the forecast and the chart's future
// are the provider's own projected balances, asked for with a bounded number of calls.
import type { Settings as NotificationSettings } from '../../src-shared/app-api.ts';
import { formatUnits, parsePence } from '../../src-shared/money/decimal.ts';
import type {
  AccountForecast,
  AccountSeries,
  AccountSource,
  BalanceDocument,
  DatetimeArgument,
  PeriodUsage,
  SeriesSample,
  SettingsDocument,
} from '../domain/account-source.ts';
import type { BaseUrl } from '../provider/base-url.ts';
import type { ProviderClient } from '../provider/client.ts';
import { ProviderError } from '../provider/errors.ts';
import type { Observation, ObservationOutcome, ObservationSource, Store } from '../store/index.ts';
import type { RemoteMemory } from './memory.ts';
import { firstBelow, memoised, sampleTimes } from './projection.ts';
import { lastAnsweredWords, withLastAnswered } from './words.ts';

/** What every connected account of one app shares. */
export interface RemoteContext {
  store: Store;
  client: ProviderClient;
  memory: RemoteMemory;
  /** The app's clock, epoch seconds. */
  now: () => number;
  timeZone: string;
}

/** How long the provider's projections are kept before they are asked for again. */
export const PROJECTION_TTL_MS = 60 * 60 * 1000;
/** The most future instants the chart asks the provider about. */
export const MAX_PROJECTED_POINTS = 24;

const HOUR = 3_600;

/** The outcome a failure is stored as. */
export function outcomeOf(error: ProviderError): ObservationOutcome {
  return error.code === 'invalid_url' ? 'provider_bad_answer' : error.code;
}

export interface CheckResult {
  observation: Observation;
  retryAfterSeconds: number | undefined;
}

export class RemoteAccount implements AccountSource {
  readonly accountId: number;
  readonly #ctx: RemoteContext;
  readonly #base: BaseUrl;
  readonly #key: string;

  constructor(ctx: RemoteContext, accountId: number, base: BaseUrl, key: string) {
    this.#ctx = ctx;
    this.accountId = accountId;
    this.#base = base;
    this.#key = key;
  }

  async getBalance(datetime: DatetimeArgument): Promise<BalanceDocument> {
    const answer = await this.#forward(() => this.#ctx.client.balance(this.#base, this.#key, datetime.bytes()));
    return { xml: answer.body, datetime: answer.value.datetime, balance: answer.value.balance, understood: null };
  }

  async getNotificationSettings(): Promise<SettingsDocument> {
    const answer = await this.#forward(() => this.#ctx.client.settings(this.#base, this.#key));
    return { xml: answer.body, settings: answer.value };
  }

  /** The provider's own balance at an instant, asked as `@<epoch seconds>` (read the same in any zone). */
  async balanceAt(at: number): Promise<string> {
    return (await this.#forward(() => this.#ctx.client.balance(this.#base, this.#key, `@${at}`))).value.balance;
  }

  /** The settings the latest check read. */
  settings(): Promise<NotificationSettings> {
    return Promise.resolve(this.#settingsOf(this.#reading()));
  }

  /**
   * The balance of the latest check (failing as it failed, with when the provider last answered),
   * and the crossings found on the provider's own future balances.
   */
  async forecast(horizonDays: number): Promise<AccountForecast> {
    const days = Math.min(Math.max(Math.floor(horizonDays), 1), 3650);
    const latest = this.#ctx.store.observations.latest(this.accountId);
    if (latest !== undefined && latest.outcome !== 'ok') throw this.#failureOf(latest);
    const reading = this.#reading();
    const settings = this.#settingsOf(reading);
    const level = settings.warningLevel;
    const key = `f\u0000${this.accountId}\u0000${days}\u0000${reading.id}\u0000${String(level)}`;
    const crossings = await this.#ctx.memory.kept(key, PROJECTION_TTL_MS, async () => {
      const from = this.#ctx.now();
      const to = from + days * 86_400;
      const probe = memoised((t) => this.balanceAt(t));
      const belowWarning = level === null ? null : await firstBelow(probe, BigInt(level), from, to);
      return { belowWarning, zero: await firstBelow(probe, 0n, from, to) };
    });
    return { horizonDays: days, balanceNow: reading.balance, observedAt: reading.at, ...crossings };
  }

  /**
   * The provider shows no ledger, so top-ups in the period cannot be told apart: what a period
   * "spent" is how far the provider's balance fell over it (a top-up in it makes that smaller).
   */
  async usage(from: number, to: number): Promise<PeriodUsage> {
    const [start, end] = await Promise.all([this.balanceAt(from), this.balanceAt(to)]);
    return { spent: formatUnits(parsePence(start) - parsePence(end)), balance: end };
  }

  /** The past from stored checks; ahead, the provider's projected balances on an hourly grid (kept a while). */
  async series(from: number, to: number, points: number): Promise<AccountSeries> {
    const now = this.#ctx.now();
    const n = Math.min(Math.max(Math.floor(points), 2), 2000);
    const observed = this.#ctx.store.observations.readings(this.accountId, from, Math.min(to, now));
    const step = Math.max(1, observed.length / n);
    const past: SeriesSample[] = [];
    for (let i = 0; i < observed.length; i += step) {
      const o = observed[Math.floor(i)];
      if (o?.balance != null) past.push({ t: o.at, balance: Number(o.balance), source: 'observed' });
    }
    const last = observed.at(-1);
    if (last?.balance != null && past.at(-1)?.t !== last.at)
      past.push({ t: last.at, balance: Number(last.balance), source: 'observed' });
    const ahead: SeriesSample[] = [];
    if (to > now) {
      // Instants on whole hours, so views a few minutes apart share the provider's answers.
      const start = Math.max(from, now);
      const times = sampleTimes(start, to, Math.min(MAX_PROJECTED_POINTS, n)).map((t) =>
        Math.min(to, Math.ceil(t / HOUR) * HOUR),
      );
      try {
        const balances = await Promise.all(
          [...new Set(times)].map(async (t) => ({ t, balance: await this.#projected(t) })),
        );
        for (const b of balances) ahead.push({ t: b.t, balance: Number(b.balance), source: 'projected' });
      } catch (error: unknown) {
        // The past still draws while the provider is away; the window shows the account's state.
        if (!(error instanceof ProviderError)) throw error;
      }
    }
    return { points: [...past, ...ahead], events: [] };
  }

  /**
   * One check: the provider's get_balance (now) and get_notification_settings, stored as an
   * observation whatever the outcome. Throws only what is not the provider's failure.
   */
  async check(source: ObservationSource): Promise<CheckResult> {
    const { client, memory } = this.#ctx;
    const at = this.#ctx.now();
    try {
      const [balance, settings] = await Promise.all([
        client.balance(this.#base, this.#key),
        client.settings(this.#base, this.#key),
      ]);
      const observation = memory.record({
        accountId: this.accountId,
        at,
        source,
        outcome: 'ok',
        balance: balance.value.balance,
        providerDatetime: balance.value.datetime,
        settings: JSON.stringify(settings.value),
        message: null,
      });
      return { observation, retryAfterSeconds: undefined };
    } catch (error: unknown) {
      if (!(error instanceof ProviderError)) throw error;
      const observation = memory.record({
        accountId: this.accountId,
        at,
        source,
        outcome: outcomeOf(error),
        balance: null,
        providerDatetime: null,
        settings: null,
        message: error.message,
      });
      return { observation, retryAfterSeconds: error.retryAfterSeconds };
    }
  }

  #projected(t: number): Promise<string> {
    return this.#ctx.memory.kept(`p\u0000${this.accountId}\u0000${t}`, PROJECTION_TTL_MS, () => this.balanceAt(t));
  }

  /**
   * A request passed through: its answer, or the provider's failure saying when the provider
   * last answered. A change of outcome is stored (the account's state follows it), not every call.
   */
  async #forward<T>(call: () => Promise<T>): Promise<T> {
    const { memory } = this.#ctx;
    try {
      const answer = await call();
      memory.answered(this.accountId, this.#ctx.now());
      if (memory.outcome(this.accountId) !== 'ok') this.#recordRequest('ok', null);
      return answer;
    } catch (error: unknown) {
      if (!(error instanceof ProviderError)) throw error;
      const outcome = outcomeOf(error);
      if (memory.outcome(this.accountId) !== outcome) this.#recordRequest(outcome, error.message);
      if (error.code === 'invalid_key') throw error;
      throw withLastAnswered(error, this.#lastAnswered());
    }
  }

  #recordRequest(outcome: ObservationOutcome, message: string | null): void {
    this.#ctx.memory.record({
      accountId: this.accountId,
      at: this.#ctx.now(),
      source: 'request',
      outcome,
      balance: null,
      providerDatetime: null,
      settings: null,
      message,
    });
  }

  #lastAnswered(): string {
    return lastAnsweredWords(this.#ctx.memory.lastAnsweredAt(this.accountId), this.#ctx.now(), this.#ctx.timeZone);
  }

  #failureOf(observation: Observation): ProviderError {
    const code = observation.outcome === 'ok' ? 'provider_bad_answer' : observation.outcome;
    const error = new ProviderError(code, observation.message ?? 'the latest check failed');
    return code === 'invalid_key' ? error : withLastAnswered(error, this.#lastAnswered());
  }

  #reading(): Observation & { balance: string } {
    const reading = this.#ctx.store.observations.latestReading(this.accountId);
    if (reading?.balance == null)
      throw new ProviderError(
        'provider_unreachable',
        `no check has read this account's balance yet; ${this.#lastAnswered()}`,
      );
    return { ...reading, balance: reading.balance };
  }

  #settingsOf(reading: Observation): NotificationSettings {
    if (reading.settings === null)
      throw new ProviderError('provider_unreachable', "no check has read this account's settings yet");
    return JSON.parse(reading.settings) as NotificationSettings;
  }
}
