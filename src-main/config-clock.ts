// The part of the configuration that says when and where "now" is: the zone dates are read and
// printed in, and the clock (real, or fixed by ACCOUNT_MONITOR_NOW). config.ts reads it with the
// rest; `resolve`, which needs nothing else, reads it alone, so it starts without loading what
// finding the data folder takes.
// The zone rules and wall-time reader only, not the resolver: `status --waybar` reads the
// configuration on every status-bar tick and must not load the date grammar.
import { readlinkSync } from 'node:fs';
import { parseWall } from './dates/zone/format.ts';
import { clockKnowsZone, isCanonicalZone, useProcessClockFor, zoneRules } from './dates/zone/zone-rules.ts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface ClockConfig {
  timeZone: string;
  /** Current instant in epoch ms: the real clock, or a fixed one from ACCOUNT_MONITOR_NOW. */
  clock: () => number;
  fixedNow: number | undefined;
}

/**
 * The machine's zone, read without starting Intl where it can be (its first use costs about 30 to
 * 50 ms, a third of `status --waybar`, which status bars run every few seconds): on Linux without
 * TZ the name /etc/localtime links to; with TZ set to a zone name ICU knows (as a one-shot command
 * sets it, runClockInConfiguredZone) that name, which is Intl's answer too; otherwise Intl's answer.
 */
export function systemTimeZone(): string {
  return linkedZone() ?? zoneNamedByTz() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function zoneNamedByTz(): string | undefined {
  const tz = process.env.TZ;
  return tz !== undefined && (clockKnowsZone(tz) || isCanonicalZone(tz)) ? tz : undefined;
}

function linkedZone(): string | undefined {
  if (process.platform !== 'linux' || process.env.TZ !== undefined) return undefined;
  try {
    const name = /\/zoneinfo\/([\w+-]+(?:\/[\w+-]+)*)$/.exec(readlinkSync('/etc/localtime'))?.[1];
    // Intl calls every spelling of UTC "UTC"; so does this.
    return name !== undefined && /^(?:Etc\/)?(?:UTC|UCT|Universal|Zulu)$/.test(name) ? 'UTC' : name;
  } catch {
    return undefined;
  }
}

/**
 * Whether Intl knows the zone (what building its rules would find out): from the process clock
 * or Intl's list of canonical names; any other spelling (another case) by asking a formatter,
 * which costs the ICU set-up a one-shot command otherwise avoids.
 */
function knownZone(timeZone: string): boolean {
  if (clockKnowsZone(timeZone) || isCanonicalZone(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * For a process whose dates are read in the one configured zone (the CLI's one-shot commands, and
 * `serve`, whose main thread alone reads the process clock): runs the process clock in that zone,
 * the configured one or else the machine's (useProcessClockFor: no ICU formatter set-up, about 30
 * ms of a run and about 6 MB held), before anything builds the zone's rules. Other zones are read
 * from the clock run in them for the moment of each reading.
 */
export function runClockInConfiguredZone(env: NodeJS.ProcessEnv): void {
  useProcessClockFor(env.ACCOUNT_MONITOR_TZ?.trim() || systemTimeZone());
}

export function readClock(env: NodeJS.ProcessEnv): ClockConfig {
  const configured = env.ACCOUNT_MONITOR_TZ?.trim();
  const timeZone = configured || systemTimeZone();
  // A zone the user wrote is checked; the machine's own is taken as it is.
  if (configured && !knownZone(timeZone))
    throw new ConfigError(`ACCOUNT_MONITOR_TZ is not an IANA time zone: "${timeZone}"`);
  let fixedNow: number | undefined;
  const nowText = env.ACCOUNT_MONITOR_NOW?.trim();
  // The zone's rules (a few tens of milliseconds to build) only when a wall time must be read.
  const zone = nowText ? zoneRules(timeZone) : undefined;
  if (nowText) {
    if (zone === undefined) throw new ConfigError(`ACCOUNT_MONITOR_TZ is not an IANA time zone: "${timeZone}"`);
    const seconds = parseWall(nowText, zone);
    fixedNow = seconds === undefined ? undefined : seconds * 1000;
    if (fixedNow === undefined)
      throw new ConfigError(`ACCOUNT_MONITOR_NOW must be a local wall time YYYY-MM-DDTHH:MM:SS; got "${nowText}"`);
  }
  const frozen = fixedNow;
  return { timeZone, clock: frozen === undefined ? () => Date.now() : () => frozen, fixedNow };
}
