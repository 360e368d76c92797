// A provider with a ledger of dips and top-ups, and a local instance connected to it: this
// project's own server plays the provider (its own clock, 2031 in New York, and zone), the local
// one lives in 2026 London. Both clocks move only when the test moves them. The provider counts
// the get_balance calls it answers, and its own domain tells the truth to compare with.
import type { AccountSource } from '../../src-main/domain/account-source.ts';
import type { AccountDomain } from '../../src-main/domain/account-domain.ts';
import { forecast, type Forecast } from '../../src-main/domain/forecast.ts';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import { startService, type TestService } from '../helpers/service.ts';
import { connectTo, PROVIDER_ZONE } from './helpers.ts';

export const LOCAL_NOW = '2026-11-22T10:35:00';
export const LOCAL_ZONE = 'Europe/London';
export const PROVIDER_START = '2031-05-01T08:00:00';
export const DAY = 86_400;

export interface Pair {
  provider: TestService;
  local: TestService;
  providerAccount: number;
  localAccount: number;
  key: string;
  /** The connected account as the local app opens it. */
  source(): AccountSource;
  /** get_balance calls the provider has answered so far. */
  calls(): number;
  /** Moves both clocks on by `seconds`. */
  advance(seconds: number): void;
  /** The provider's own forecast from its now (exact: its ledger). */
  truth(horizonDays: number): Forecast;
  /** The provider's now, epoch seconds. */
  providerNow(): number;
  close(): Promise<void>;
}

const at = (wall: string, zone: string): number => {
  const ms = parseLocalWallTime(wall, zone);
  if (ms === undefined) throw new Error(`bad wall time ${wall}`);
  return ms / 1000;
};

/** A provider whose account `build` fills (its clock at PROVIDER_START), connected from a local instance. */
export async function startPair(
  build: (domain: AccountDomain, accountId: number) => void,
  options: { key?: string; providerStart?: string; providerZone?: string } = {},
): Promise<Pair> {
  const key = options.key ?? 'ledger-provider-key-0123';
  const zone = options.providerZone ?? PROVIDER_ZONE;
  let providerNow = at(options.providerStart ?? PROVIDER_START, zone);
  let localNow = at(LOCAL_NOW, LOCAL_ZONE);
  const provider = await startService({ timeZone: zone, clock: () => providerNow * 1000, accessLog: true });
  const local = await startService({ timeZone: LOCAL_ZONE, clock: () => localNow * 1000 });
  const d = provider.app.domain;
  const { accountId } = d.createAccount('At the provider', key);
  build(d, accountId);
  const localAccount = await connectTo(local, `${provider.base}/`, key);
  return {
    provider,
    local,
    providerAccount: accountId,
    localAccount,
    key,
    source: () => local.app.accounts.forKey(key),
    calls: () => provider.logs.filter((l) => l.startsWith('GET /account/get_balance')).length,
    advance: (seconds) => {
      providerNow += seconds;
      localNow += seconds;
    },
    truth: (h) => forecast(d, accountId, h),
    providerNow: () => providerNow,
    close: async () => {
      await local.close();
      await provider.close();
    },
  };
}

/** A wall time in the provider's zone as epoch seconds. */
export const providerTime = (wall: string): number => at(wall, PROVIDER_ZONE);
