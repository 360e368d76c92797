// One account, as whoever reads it sees it: the spec routes, the app API, the CLI and the tray's
// monitor all ask this one small interface, and nothing else branches on the kind of account.
// A local account answers from the domain, exactly and in-process (often synchronously: the
// spec's hot path); a connected account (src-main/remote) answers from its provider and from
// what the app observed of it. Instants are epoch seconds, never phrases.
import { formatUnits, parsePence } from '../../src-shared/money/decimal.ts';
import type { BalanceAnswer, ForecastBasis } from '../../src-shared/app-api.ts';
import type { EntryKind, SurpriseKind } from '../../src-shared/vocabulary.ts';
import { formatLocal } from '../dates/wall-clock.ts';
import { GenerationCache } from '../store/generation-cache.ts';
import type { AccountDomain } from './account-domain.ts';
import {
  balanceSeries,
  type CrossingRange,
  firstBelow,
  forecast,
  learnedSpending,
  lowestBetween,
  type SeriesBandPoint,
  spentOn,
} from './forecast.ts';
import { type Confidence, type LearnedSpending, SpendingPaths } from './spending.ts';
import { ResolvedPhrases } from './resolved-phrases.ts';
import type { NotificationSettings } from './settings.ts';
import { balanceXml, settingsXml } from './spec-xml.ts';

export type { Confidence, CrossingRange, SeriesBandPoint };

/** What the learned part of a forecast stands on (design point 18): the contract's ForecastBasis. */
export type { ForecastBasis };

/** The forecast's answer beside its crossings: the range of each, how sure it is, and what it stands on. */
export function basisOf(learned: LearnedSpending, scheduledPerMonth: number | null): ForecastBasis {
  return {
    days: learned.days,
    unscheduledCharges: learned.charges,
    dailyRate: learned.dailyRate.toFixed(2),
    scheduledOnly: learned.scheduledOnly,
    scheduledPerMonth: scheduledPerMonth === null ? null : scheduledPerMonth.toFixed(2),
  };
}

export interface AccountForecast {
  horizonDays: number;
  /** The exact balance now, in pence (a plain decimal). */
  balanceNow: string;
  /** When `balanceNow` was read, epoch seconds: now for a local account, the latest check for a connected one. */
  observedAt: number;
  /** First instant (epoch seconds) within the horizon with the balance below the warning level, or null. */
  belowWarning: number | null;
  /** First instant within the horizon with the balance below zero, or null. */
  zero: number | null;
  /** Each crossing's p10, p50 (the likely one: `belowWarning` and `zero` above) and p90. */
  range: { belowWarning: CrossingRange; zero: CrossingRange };
  confidence: Confidence;
  basis: ForecastBasis;
  /**
   * Where the forecast starts (epoch seconds): now for a local account; for a connected one, now
   * on its provider's clock (the crossings are instants the provider's own balances show, so a
   * "within N days" test counts from here, not from this machine's clock).
   */
  from: number;
  /**
   * A connected account's forecast looks at its provider's balances once a day (and to the second
   * around crossings and near misses): a dip below the warning level (zero without one) shorter
   * than a day could still hide around this instant. Null: nowhere; always null for a local
   * account, whose forecast is exact.
   */
  shortDipPossibleAt: number | null;
  /**
   * Why the crossings are not known (both null then): a connected account's provider that does
   * not answer for the instants asked. Null when they are known.
   */
  unknownBecause: string | null;
}

/** The top-up planner's question: the lowest balance up to an instant, and the first below a level. */
export interface LowPoint {
  /** Where it starts: as AccountForecast.from. */
  from: number;
  /** The lowest balance in [from, until] and the first instant it is reached (pence as written). */
  lowest: { at: number; balance: string };
  /** The first instant in [from, until] below the level, or null. */
  firstBelow: number | null;
  /** On the pessimistic path (the p10 balance: 9 chances in 10 of doing at least as well), or on what is scheduled alone. */
  pessimistic: boolean;
}

/**
 * What a check of a connected account found against its provider's projection (a local account
 * has none): more went than projected by more than the account's threshold (an unexpected
 * charge), or more came in (a top-up). The monitor turns the first kind into an alert.
 */
export interface Surprise {
  /** The check's observation (one surprise per check at most: an alert's natural key). */
  observationId: number;
  kind: SurpriseKind;
  /** Positive pence: how much more went (or came in) than projected. */
  amount: string;
  /** This machine's clock: the previous good reading (null: none), and the check that found it. */
  since: number | null;
  at: number;
  /** The balance the check read, and what it would have been had nothing unexpected happened. */
  balance: string;
  expected: string;
}

/** A connected account's provider's clock, as its latest check showed it (null for a local account). */
export interface SourceClock {
  /** The provider's wall time now (`YYYY-MM-DD HH:MM:SS`, its zone): the latest check's plus the time since. */
  providerNow: string;
  /** Seconds the provider's clock is ahead of this machine's (negative: behind). */
  offsetSeconds: number;
  /** When that check was made (this machine's clock, epoch seconds). */
  checkedAt: number;
}

export interface PeriodUsage {
  /** Pence spent in the period: balance at its start + top-ups in it - balance at its end. */
  spent: string;
  /** Balance at the end of the period, in pence. */
  balance: string;
}

/** The `datetime` argument of get_balance as the request carried it. */
export interface DatetimeArgument {
  /** As this app reads it (percent-decoded leniently); undefined when the argument is absent. */
  readonly text: string | undefined;
  /** The exact bytes the request carried (what a provider is sent); undefined when absent. */
  bytes(): Buffer | undefined;
}

/**
 * A document's XML: text when this app wrote it, the provider's own bytes when it answered.
 * Text goes on the wire in one write with the headers (node:http joins them); bytes take two.
 */
export type DocumentXml = string | Uint8Array;

/** A document's XML as text (a provider's bytes read as UTF-8). */
export function documentText(xml: DocumentXml): string {
  return typeof xml === 'string' ? xml : Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength).toString('utf8');
}

/** A get_balance answer: the document's XML and what it says (`understood`: null when the provider read the phrase). */
export interface BalanceDocument extends BalanceAnswer {
  xml: DocumentXml;
}

export interface SettingsDocument {
  xml: DocumentXml;
  settings: NotificationSettings;
}

/** One point of the balance over time. */
export interface SeriesSample {
  t: number;
  balance: number;
  source: 'ledger' | 'observed' | 'projected';
}
export interface SeriesEntry {
  t: number;
  amount: string;
  kind: EntryKind;
  signed: number;
}
export interface AccountSeries {
  /** Up to now as it was; after now the likely balance (scheduled less the likely unscheduled spending). */
  points: SeriesSample[];
  events: SeriesEntry[];
  /** After now, while the forecast has a range (empty while it is collecting data). */
  band: SeriesBandPoint[];
}

export interface AccountSource {
  readonly accountId: number;
  /** The spec's get_balance for this account (a local account answers at once, without a promise). */
  getBalance(datetime: DatetimeArgument): BalanceDocument | Promise<BalanceDocument>;
  /** The spec's get_notification_settings for this account. */
  getNotificationSettings(): SettingsDocument | Promise<SettingsDocument>;
  /** The exact balance at an instant (epoch seconds), in pence (a plain decimal). */
  balanceAt(at: number): Promise<string>;
  /** The settings as last known (a connected account: from its latest check). */
  settings(): Promise<NotificationSettings>;
  /** From now (the source's clock) up to `horizonDays` ahead. */
  forecast(horizonDays: number): Promise<AccountForecast>;
  /** What the period [from, to] cost, in epoch seconds. */
  usage(from: number, to: number): Promise<PeriodUsage>;
  /** The balance over [from, to] in about `points` samples, for the chart. */
  series(from: number, to: number, points: number): Promise<AccountSeries>;
  /**
   * The lowest balance from now up to `until` and the first instant below `level` (whole pence):
   * the planner's question, on the pessimistic path (p10) when the forecast has a range.
   */
  lowPoint(until: number, level: number): Promise<LowPoint>;
  /** Unexpected charges and top-ups found by checks made in [from, to] (this machine's clock), oldest first. */
  surprises(from: number, to: number): Promise<Surprise[]>;
  /** The provider's clock against this machine's (null: a local account, or nothing read yet). */
  clock(): Promise<SourceClock | null>;
}

/** What every LocalAccount of one store shares: answers kept while the database is unchanged, and phrases read this second. */
export interface LocalShared {
  /** Kept from their second ask on: a new instant per request never is. */
  documents: GenerationCache<BalanceDocument | SettingsDocument>;
  phrases: ResolvedPhrases;
}

export function localShared(domain: AccountDomain): LocalShared {
  return {
    documents: new GenerationCache(() => domain.store.generation(), { repeatsOnly: true }),
    phrases: new ResolvedPhrases(domain.timeZone),
  };
}

/** An account kept in this app's own ledger: the domain answers, exactly and in-process. */
export class LocalAccount implements AccountSource {
  readonly accountId: number;
  readonly #domain: AccountDomain;
  /**
   * A balance at an instant and the settings are pure functions of the stored data, and scripts
   * poll the same question many times a second: answers are kept until the database changes.
   */
  readonly #shared: LocalShared;

  constructor(domain: AccountDomain, accountId: number, shared: LocalShared = localShared(domain)) {
    this.#domain = domain;
    this.accountId = accountId;
    this.#shared = shared;
  }

  getBalance(datetime: DatetimeArgument): BalanceDocument {
    const domain = this.#domain;
    const r = this.#shared.phrases.reading(datetime.text, domain.nowSeconds());
    const t = r.epochSeconds;
    // find and set rather than get(key, compute): the spec's hot path builds no closure per request.
    const key = `b\u0000${this.accountId}\u0000${t}`;
    let cached = this.#shared.documents.find(key) as BalanceDocument | undefined;
    if (cached === undefined) {
      const text = formatLocal(t, domain.timeZone);
      const balance = domain.balanceText(this.accountId, t);
      cached = { xml: balanceXml(text, balance), datetime: text, balance, understood: r.understood };
      this.#shared.documents.set(key, cached);
    }
    // The same instant may be reached by a phrase understood or not ("now", "gibberish").
    return cached.understood === r.understood ? cached : { ...cached, understood: r.understood };
  }

  getNotificationSettings(): SettingsDocument {
    return this.#shared.documents.get(`s\u0000${this.accountId}`, () => {
      const settings = this.#domain.settings(this.accountId);
      return { xml: settingsXml(settings), settings };
    }) as SettingsDocument;
  }

  balanceAt(at: number): Promise<string> {
    return Promise.resolve(this.#domain.balanceText(this.accountId, at));
  }

  settings(): Promise<NotificationSettings> {
    return Promise.resolve(this.#domain.settings(this.accountId));
  }

  forecast(horizonDays: number): Promise<AccountForecast> {
    const f = forecast(this.#domain, this.accountId, horizonDays);
    const now = this.#domain.nowSeconds();
    const balanceNow = this.#domain.balanceText(this.accountId, now);
    return Promise.resolve({
      horizonDays: f.horizonDays,
      balanceNow,
      observedAt: now,
      belowWarning: f.belowWarning,
      zero: f.zero,
      range: f.range,
      confidence: f.learned.confidence,
      basis: basisOf(f.learned, f.scheduledPerMonth),
      from: now,
      shortDipPossibleAt: null,
      unknownBecause: null,
    });
  }

  /**
   * Exact for what is scheduled: the ledger's entries and charges give the balance at every
   * second; less the pessimistic path's learned spending when the forecast has a range.
   */
  lowPoint(until: number, level: number): Promise<LowPoint> {
    const from = this.#domain.nowSeconds();
    const to = Math.max(from, until);
    const paths = new SpendingPaths(learnedSpending(this.#domain, this.accountId, from), (to - from) / 86_400);
    const spent = spentOn(paths, 'p10', from);
    const lowest = lowestBetween(this.#domain, this.accountId, from, to, spent);
    return Promise.resolve({
      from,
      lowest: { at: lowest.at, balance: formatUnits(lowest.units) },
      firstBelow: firstBelow(this.#domain, this.accountId, BigInt(level), from, to, spent),
      pessimistic: paths.active,
    });
  }

  /** This app's own ledger is the truth: nothing it shows can surprise it. */
  surprises(): Promise<Surprise[]> {
    return Promise.resolve([]);
  }

  clock(): Promise<SourceClock | null> {
    return Promise.resolve(null);
  }

  usage(from: number, to: number): Promise<PeriodUsage> {
    // The balances as printed (to the tenth decimal place), so spent + end adds up to what get_balance says.
    const start = parsePence(this.#domain.balanceText(this.accountId, from));
    const end = parsePence(this.#domain.balanceText(this.accountId, to));
    // A top-up dated exactly at the start is already in the starting balance.
    let topUps = 0n;
    for (const e of this.#domain.store.ledger.between(this.accountId, from + 1, to))
      if (e.kind === 'topup') topUps += e.units;
    return Promise.resolve({ spent: formatUnits(start + topUps - end), balance: formatUnits(end) });
  }

  series(from: number, to: number, points: number): Promise<AccountSeries> {
    const now = this.#domain.nowSeconds();
    const paths =
      to > now ? new SpendingPaths(learnedSpending(this.#domain, this.accountId, now), (to - now) / 86_400) : undefined;
    const s = balanceSeries(this.#domain, this.accountId, from, to, points, paths, now);
    return Promise.resolve({
      points: s.points.map((p) => ({ ...p, source: 'ledger' as const })),
      events: s.events,
      band: s.band,
    });
  }
}
