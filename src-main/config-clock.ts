// The part of the configuration that says when and where "now" is: the zone dates are read and
// printed in, and the clock (real, or fixed by ACCOUNT_MONITOR_NOW). config.ts reads it with the
// rest; `resolve`, which needs nothing else, reads it alone, so it starts without loading what
// finding the data folder takes.
// The zone rules and wall-time reader only, not the resolver: `status --waybar` reads the
// configuration on every status-bar tick and must not load the date grammar.
import { parseWall } from './dates/zone/format.ts';
import { zoneRules } from './dates/zone/zone-rules.ts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface ClockConfig {
  timeZone: string;
  /** Current instant in epoch ms: the real clock, or a fixed one from ACCOUNT_MONITOR_NOW. */
  clock: () => number;
  fixedNow: number | undefined;
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function readClock(env: NodeJS.ProcessEnv): ClockConfig {
  const timeZone = env.ACCOUNT_MONITOR_TZ?.trim() || systemTimeZone();
  const zone = zoneRules(timeZone);
  if (zone === undefined) throw new ConfigError(`ACCOUNT_MONITOR_TZ is not an IANA time zone: "${timeZone}"`);
  let fixedNow: number | undefined;
  const nowText = env.ACCOUNT_MONITOR_NOW?.trim();
  if (nowText) {
    const seconds = parseWall(nowText, zone);
    fixedNow = seconds === undefined ? undefined : seconds * 1000;
    if (fixedNow === undefined)
      throw new ConfigError(`ACCOUNT_MONITOR_NOW must be a local wall time YYYY-MM-DDTHH:MM:SS; got "${nowText}"`);
  }
  const frozen = fixedNow;
  return { timeZone, clock: frozen === undefined ? () => Date.now() : () => frozen, fixedNow };
}
