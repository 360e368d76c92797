// The resolver's wall clock: instants written as a zone's wall time and read back, on the zone
// rules alone. Apart from index.ts (which re-exports all of it as the resolver's public face), so
// that a caller that only writes or reads wall times (status, check, alerts, the tray) loads
// neither stage of the resolver: its scanner tables alone are 160 KB of a one-shot command's start.
import { formatWall, parseWall, wallTimeOf, writeWall } from './zone/format.ts';
import { zoneRules, type ZoneRules } from './zone/zone-rules.ts';
import type { WallTime } from '../../src-shared/wall-time.ts';

/**
 * `YYYY-MM-DD HH:MM:SS` wall time of an instant in a zone. On the zone rules, not Intl's
 * formatter: a long-running process that shows times in its configured zone (alerts, the tray,
 * quiet hours) then never sets up the formatter and the ICU data it keeps touched (about 5 MB).
 */
export function formatLocal(epochSeconds: number, timeZone: string): string {
  return formatWall(epochSeconds, knownZone(timeZone));
}

/** The wall time of an instant in a zone, as parts (for texts such as "Tue 1 Dec, 14:00"). */
export function wallTimeIn(epochSeconds: number, timeZone: string): WallTime {
  return wallTimeOf(epochSeconds, knownZone(timeZone));
}

function knownZone(timeZone: string): ZoneRules {
  const zone = zoneRules(timeZone);
  if (zone === undefined) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return zone;
}

/**
 * formatLocal's text as ASCII bytes into `into` at `at` (32 bytes of room needed); the position
 * after it. For writers of many lines, which then make no string per line.
 */
export function formatLocalInto(epochSeconds: number, timeZone: string, into: Uint8Array, at: number): number {
  return writeWall(epochSeconds, knownZone(timeZone), into, at);
}

/**
 * Reads a local wall time `YYYY-MM-DDTHH:MM:SS` (or with a space) in a zone; returns epoch
 * milliseconds, or undefined when the text is not of that form or names no real date.
 */
export function parseLocalWallTime(text: string, timeZone: string): number | undefined {
  const zone = zoneRules(timeZone);
  if (zone === undefined) return undefined;
  const seconds = parseWall(text, zone);
  return seconds === undefined ? undefined : seconds * 1000;
}

/** True when the zone is a valid IANA name (or UTC). */
export function isValidTimeZone(timeZone: string): boolean {
  return timeZone.length > 0 && zoneRules(timeZone) !== undefined;
}
