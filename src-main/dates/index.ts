// Public face of the datetime resolver. Pure: "now" and the zone are always parameters.
// Stage 1 is a faithful port of PHP's strtotime() (timelib); stage 2 reads the English phrases
// strtotime rejects that the policy in README.md allows. See docs/date-deviations.md for the
// deliberate deviations from PHP.
import { deviation, MAX_EXACT_SECONDS, MAX_INPUT_LENGTH } from './deviations.ts';
import { phraseStageOnDemand } from './phrase-stage.ts';
import { strtotime } from './strtotime.ts';
import { formatWall, parseWall, wallTimeOf, writeWall } from './zone/format.ts';
import { zoneRules, type ZoneRules } from './zone/zone-rules.ts';
import type { WallTime } from '../../src-shared/wall-time.ts';

export { useProcessClockFor } from './zone/zone-rules.ts';

import type { Resolution, ResolveOptions } from './types.ts';

export { DATE_ORDERS, type DateOrder, type Resolution, type ResolveOptions, type Stage } from './types.ts';

/** Longer inputs are not understood (and never reach the scanner). */
export { MAX_INPUT_LENGTH };

export function resolve(text: string | undefined, options: ResolveOptions): Resolution {
  const nowSeconds = Math.floor(options.now / 1000);
  if (text === undefined || text.length > MAX_INPUT_LENGTH || !Number.isFinite(nowSeconds)) {
    return notUnderstood(nowSeconds);
  }
  const zone = zoneRules(options.timeZone);
  if (zone === undefined) return notUnderstood(nowSeconds);
  try {
    const order = options.dateOrder ?? 'mdy';
    const special = deviation(text, nowSeconds, zone, order);
    if (special !== undefined) return special;
    const seconds = strtotime(text, nowSeconds, zone, order);
    if (seconds !== undefined && Number.isFinite(seconds)) {
      return exact(seconds, 'strtotime') ?? notUnderstood(nowSeconds);
    }
    const phrase = phraseStageOnDemand()(text, nowSeconds, zone, order);
    if (phrase !== undefined && Number.isFinite(phrase)) return exact(phrase, 'phrase') ?? notUnderstood(nowSeconds);
  } catch {
    // Never throw: a defect in a stage must not turn into a 500; the text is then not understood.
  }
  return notUnderstood(nowSeconds);
}

/** Not understood, which means now (made only when it is the answer: resolve runs per line of a stream). */
function notUnderstood(nowSeconds: number): Resolution {
  return { epochSeconds: Number.isFinite(nowSeconds) ? nowSeconds : 0, understood: false, stage: 'none' };
}

/** The answer when a JavaScript number holds it exactly (D4 in docs/date-deviations.md). */
function exact(seconds: number, stage: Resolution['stage']): Resolution | undefined {
  return Math.abs(seconds) <= MAX_EXACT_SECONDS ? { epochSeconds: seconds, understood: true, stage } : undefined;
}

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
