// One account, as whatever watches it sees it (today the tray's monitor): its balance at an
// instant, its settings, its forecast and what a period cost. Small on purpose, and asynchronous:
// a local account answers from the domain at once, and an account that lives at a provider
// (a later implementation) answers over the network. Instants are epoch seconds, never phrases.
import { formatUnits, parsePence } from '../../src-shared/money/decimal.ts';
import type { AccountDomain } from './account-domain.ts';
import { forecast } from './forecast.ts';
import type { NotificationSettings } from './settings.ts';

export interface AccountForecast {
  horizonDays: number;
  /** The exact balance now, in pence (a plain decimal). */
  balanceNow: string;
  /** First instant (epoch seconds) within the horizon with the balance below the warning level, or null. */
  belowWarning: number | null;
  /** First instant within the horizon with the balance below zero, or null. */
  zero: number | null;
}

export interface PeriodUsage {
  /** Pence spent in the period: balance at its start + top-ups in it - balance at its end. */
  spent: string;
  /** Balance at the end of the period, in pence. */
  balance: string;
}

export interface AccountSource {
  /** The exact balance at an instant (epoch seconds), in pence (a plain decimal). */
  balanceAt(at: number): Promise<string>;
  settings(): Promise<NotificationSettings>;
  /** From now (the source's clock) up to `horizonDays` ahead. */
  forecast(horizonDays: number): Promise<AccountForecast>;
  /** What the period [from, to] cost, in epoch seconds. */
  usage(from: number, to: number): Promise<PeriodUsage>;
}

/** An account kept in this app's own ledger: the domain answers, exactly and in-process. */
export class LocalAccount implements AccountSource {
  readonly #domain: AccountDomain;
  readonly #id: number;

  constructor(domain: AccountDomain, accountId: number) {
    this.#domain = domain;
    this.#id = accountId;
  }

  balanceAt(at: number): Promise<string> {
    return Promise.resolve(this.#domain.balanceText(this.#id, at));
  }

  settings(): Promise<NotificationSettings> {
    return Promise.resolve(this.#domain.settings(this.#id));
  }

  forecast(horizonDays: number): Promise<AccountForecast> {
    const f = forecast(this.#domain, this.#id, horizonDays);
    const balanceNow = this.#domain.balanceText(this.#id, this.#domain.nowSeconds());
    return Promise.resolve({ horizonDays: f.horizonDays, balanceNow, belowWarning: f.belowWarning, zero: f.zero });
  }

  usage(from: number, to: number): Promise<PeriodUsage> {
    // The balances as printed (to the tenth decimal place), so spent + end adds up to what get_balance says.
    const start = parsePence(this.#domain.balanceText(this.#id, from));
    const end = parsePence(this.#domain.balanceText(this.#id, to));
    // A top-up dated exactly at the start is already in the starting balance.
    let topUps = 0n;
    for (const e of this.#domain.store.ledger.between(this.#id, from + 1, to)) if (e.kind === 'topup') topUps += e.units;
    return Promise.resolve({ spent: formatUnits(start + topUps - end), balance: formatUnits(end) });
  }
}
