// A connected account: the provider is the truth. The spec's two endpoints pass the request
// through (the `datetime` bytes unchanged, the request's own key) and answer the provider's
// validated document; the monitor reads the latest check; the forecast, the planner and the
// chart's future are the provider's own projected balances (provider-future.ts), kept per instant
// until a check finds the provider disagreeing with them (check-comparison.ts).
import type { Settings as NotificationSettings } from '../../src-shared/app-api.ts';
import { add, formatRational, formatUnits, parseExactPence, parsePence, sub } from '../../src-shared/money/decimal.ts';
import type {
  AccountForecast,
  AccountSeries,
  AccountSource,
  BalanceDocument,
  DatetimeArgument,
  LowPoint,
  PeriodUsage,
  SeriesBandPoint,
  SeriesEntry,
  SeriesSample,
  SettingsDocument,
  SourceClock,
  Surprise,
} from '../domain/account-source.ts';
import type { BaseUrl } from '../provider/base-url.ts';
import { ProviderError } from '../provider/errors.ts';
import type { Observation, ObservationOutcome, ObservationSource, Projection, Store } from '../store/index.ts';
import { readStored, STORED_SETTINGS } from '../store/stored-json.ts';
import { agreesWithKept, compareCheck, surpriseAmount } from './check-comparison.ts';
import { lastSkew, readingOf, type Reading } from './frame.ts';
import { ProjectionCache } from './projection-cache.ts';
import { GRID_SECONDS, gridAfter } from './projection.ts';
import { effectiveSkew, offsetOf } from './provider-clock.ts';
import { ProviderFuture } from './provider-future.ts';
import { lastAnsweredWords, withLastAnswered } from './words.ts';

/** What every connected account of one app shares. */
import type { RemoteContext } from './remote-context.ts';

/** How long a check reuses the settings it last asked the provider for. */
export const SETTINGS_EVERY_SECONDS = 60 * 60;

/** Unexpected charges and top-ups the checks of [from, to] found (this machine's clock), from the store alone. */
export function surprisesOf(store: Store, accountId: number, from: number, to: number): Surprise[] {
  const found: Surprise[] = [];
  for (const { observation, comparison: c } of store.comparisons.surprises(accountId, from, to)) {
    if (c?.surprise == null || c.projected === null || c.reported === null || observation.balance === null) continue;
    const gap = sub(parseExactPence(c.projected), parseExactPence(c.reported));
    found.push({
      observationId: observation.id,
      kind: c.surprise,
      amount: surpriseAmount(c.projected, c.reported),
      since: c.since,
      at: observation.at,
      balance: observation.balance,
      expected: formatRational(add(parseExactPence(observation.balance), gap), 10),
    });
  }
  return found;
}

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
  readonly #future: ProviderFuture;

  constructor(ctx: RemoteContext, accountId: number, base: BaseUrl, key: string) {
    this.#ctx = ctx;
    this.accountId = accountId;
    this.#base = base;
    this.#key = key;
    this.#future = new ProviderFuture(ctx, accountId, (t) => this.#projectionAt(t));
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
    return (await this.#projectionAt(at)).balance;
  }

  /** The settings the latest check read. */
  settings(): Promise<NotificationSettings> {
    return Promise.resolve(this.#settingsOf(this.#reading()));
  }

  /**
   * The balance of the latest check (failing as it failed, with when the provider last answered),
   * and the first crossings the provider's own future balances show, on its clock.
   */
  async forecast(horizonDays: number): Promise<AccountForecast> {
    const latest = this.#ctx.store.observations.latest(this.accountId);
    if (latest !== undefined && latest.outcome !== 'ok') throw this.#failureOf(latest);
    const reading = this.#reading();
    return await this.#future.forecast(reading, this.#settingsOf(reading).warningLevel, horizonDays);
  }

  async lowPoint(until: number, level: number): Promise<LowPoint> {
    return await this.#future.lowPoint(this.#reading(), until, level);
  }

  async clock(): Promise<SourceClock | null> {
    const reading = this.#ctx.store.observations.latestReading(this.accountId);
    if (reading?.balance == null || reading.providerDatetime === null) return null;
    return await this.#future.clock(this.#reading());
  }

  /**
   * The provider shows no ledger, so top-ups in the period cannot be told apart: what a period
   * "spent" is how far the provider's balance fell over it (a top-up in it makes that smaller).
   */
  async usage(from: number, to: number): Promise<PeriodUsage> {
    const [start, end] = await Promise.all([this.balanceAt(from), this.balanceAt(to)]);
    return { spent: formatUnits(parsePence(start) - parsePence(end)), balance: end };
  }

  surprises(from: number, to: number): Promise<Surprise[]> {
    return Promise.resolve(surprisesOf(this.#ctx.store, this.accountId, from, to));
  }

  /**
   * The past: every stored check with a balance; ahead: the provider's projected balances
   * (provider-future.ts), with the surprises as events. On the provider's clock when it differs.
   */
  async series(from: number, to: number): Promise<AccountSeries> {
    const now = this.#ctx.now();
    let ahead: SeriesSample[] = [];
    let band: SeriesBandPoint[] = [];
    let shift = effectiveSkew(lastSkew(this.#ctx.store, this.accountId));
    const reading = this.#ctx.store.observations.latestReading(this.accountId);
    if (to > now && reading?.balance != null) {
      try {
        ({ points: ahead, band, shift } = await this.#future.ahead(this.#reading(), from, to));
      } catch (error: unknown) {
        // The past still draws while the provider is away; the window shows the account's state.
        if (!(error instanceof ProviderError)) throw error;
      }
    }
    const past: SeriesSample[] = [];
    for (const o of this.#ctx.store.observations.readings(this.accountId, from, Math.min(to, now)))
      if (o.balance !== null) past.push({ t: o.at + shift, balance: Number(o.balance), source: 'observed' });
    const events: SeriesEntry[] = (await this.surprises(from, Math.min(to, now))).map((s) => ({
      t: s.at + shift,
      amount: s.amount,
      kind: s.kind === 'top_up' ? 'topup' : 'charge',
      signed: (s.kind === 'top_up' ? 1 : -1) * Number(s.amount),
    }));
    return { points: [...past, ...ahead], events, band };
  }

  /**
   * One check: the provider's get_balance (now), its get_notification_settings (at most once an
   * hour: SETTINGS_EVERY_SECONDS), and, unless the balance now lies on the kept projections' line
   * (agreesWithKept), its balance again at the next grid instant to compare with what it
   * projected (check-comparison.ts); stored as an observation whatever the outcome.
   * Throws only what is not the provider's failure.
   */
  async check(source: ObservationSource): Promise<CheckResult> {
    const { client, memory, store } = this.#ctx;
    const at = this.#ctx.now();
    const near = at + lastSkew(store, this.accountId);
    const comparedAt = gridAfter(near);
    const cache = new ProjectionCache(store, this.accountId, (t) => this.#projectionAt(t));
    cache.load(near - 2 * GRID_SECONDS, comparedAt + 2 * GRID_SECONDS);
    const kept = cache.known(comparedAt);
    const previous = store.observations.latestReading(this.accountId);
    const since = previous?.at ?? null;
    // Settings change rarely, and a check every ten minutes that asks for them too costs the
    // provider 144 calls a day: the latest reading's are kept for an hour after they were asked.
    const settingsAt = memory.settingsReadAt(this.accountId);
    const keptSettings =
      previous?.settings != null && settingsAt !== undefined && at - settingsAt < SETTINGS_EVERY_SECONDS
        ? previous.settings
        : undefined;
    try {
      const [balance, settings] = await Promise.all([
        client.balance(this.#base, this.#key),
        keptSettings === undefined ? client.settings(this.#base, this.#key) : undefined,
      ]);
      const fresh = agreesWithKept(cache, near, balance.value.datetime, balance.value.balance)
        ? undefined
        : await this.#askAgain(comparedAt);
      if (settings !== undefined) memory.settingsRead(this.accountId, at);
      const observation = store.transaction(() => {
        const o = memory.record({
          accountId: this.accountId,
          at,
          source,
          outcome: 'ok',
          balance: balance.value.balance,
          providerDatetime: balance.value.datetime,
          settings: settings === undefined ? (keptSettings ?? null) : JSON.stringify(settings.value),
          message: null,
        });
        const seen = { observationId: o.id, accountId: this.accountId, at, comparedAt, fresh, kept, near, since };
        store.comparisons.add(compareCheck(store, cache, { ...seen, providerDatetime: balance.value.datetime }));
        return o;
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

  /** The provider's answer for `@t` now, whatever was kept; undefined when it gives none usable. */
  async #askAgain(t: number): Promise<Projection | undefined> {
    try {
      const answer = await this.#ctx.client.balance(this.#base, this.#key, `@${t}`);
      offsetOf(t, answer.value.datetime);
      return { at: t, balance: answer.value.balance, datetime: answer.value.datetime };
    } catch (error: unknown) {
      if (error instanceof ProviderError) return undefined;
      throw error;
    }
  }

  /** The provider's balance and wall time for an instant (a forwarded request's rules apply). */
  async #projectionAt(t: number): Promise<{ balance: string; datetime: string }> {
    return (await this.#forward(() => this.#ctx.client.balance(this.#base, this.#key, `@${t}`))).value;
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

  #reading(): Reading {
    return readingOf(this.#ctx.store.observations.latestReading(this.accountId), this.#lastAnswered());
  }

  #settingsOf(reading: Observation): NotificationSettings {
    if (reading.settings === null)
      throw new ProviderError('provider_unreachable', "no check has read this account's settings yet");
    const settings = readStored(STORED_SETTINGS, reading.settings, `account ${this.accountId}`);
    if (settings === undefined)
      throw new ProviderError(
        'provider_bad_answer',
        "the settings stored from this account's latest check cannot be read",
      );
    return settings;
  }
}
