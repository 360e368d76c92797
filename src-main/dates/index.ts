// Public face of the datetime resolver. Pure: "now" and the zone are always parameters.
// INTERIM implementation (ISO dates and signed relative units only) until the faithful
// strtotime lands behind this same interface.
import { Temporal } from 'temporal-polyfill';

export interface ResolveOptions {
  /** The current instant, epoch milliseconds. */
  now: number;
  /** IANA zone in which the text is read. */
  timeZone: string;
}

export type Stage = 'strtotime' | 'chrono' | 'none';

export interface Resolution {
  /** The resolved instant, whole epoch seconds (like PHP's strtotime). */
  epochSeconds: number;
  /** False when nothing understood the text: epochSeconds is then "now". */
  understood: boolean;
  stage: Stage;
}

const UNIT_SECONDS: Record<string, keyof Temporal.DurationLike> = {
  sec: 'seconds', second: 'seconds', min: 'minutes', minute: 'minutes', hour: 'hours',
  day: 'days', week: 'weeks', fortnight: 'weeks', month: 'months', year: 'years',
};

export function resolve(text: string | undefined, options: ResolveOptions): Resolution {
  const nowSeconds = Math.floor(options.now / 1000);
  const notUnderstood: Resolution = { epochSeconds: nowSeconds, understood: false, stage: 'none' };
  if (text === undefined) return notUnderstood;
  const input = text.trim().toLowerCase();
  if (input.length > 256) return notUnderstood;
  const nowZoned = Temporal.Instant.fromEpochMilliseconds(nowSeconds * 1000).toZonedDateTimeISO(options.timeZone);
  if (input === 'now') return { epochSeconds: nowSeconds, understood: true, stage: 'strtotime' };
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ t](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(input);
  if (iso) {
    try {
      const local = Temporal.PlainDateTime.from({
        year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]),
        hour: Number(iso[4] ?? 0), minute: Number(iso[5] ?? 0), second: Number(iso[6] ?? 0),
      }, { overflow: 'reject' });
      return { epochSeconds: local.toZonedDateTime(options.timeZone).epochMilliseconds / 1000, understood: true, stage: 'strtotime' };
    } catch {
      return notUnderstood;
    }
  }
  const rel = /^([+-]?)\s*(\d+)\s*(sec|second|min|minute|hour|day|week|fortnight|month|year)s?$/.exec(input);
  if (rel) {
    const unit = UNIT_SECONDS[rel[3] ?? ''];
    if (unit === undefined) return notUnderstood;
    const n = Number(rel[2]) * (rel[3] === 'fortnight' ? 2 : 1) * (rel[1] === '-' ? -1 : 1);
    const moved = nowZoned.add({ [unit]: n });
    return { epochSeconds: moved.epochMilliseconds / 1000, understood: true, stage: 'strtotime' };
  }
  return notUnderstood;
}

/** `YYYY-MM-DD HH:MM:SS` wall time of an instant in a zone. */
export function formatLocal(epochSeconds: number, timeZone: string): string {
  const z = Temporal.Instant.fromEpochMilliseconds(epochSeconds * 1000).toZonedDateTimeISO(timeZone);
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  const year = z.year < 0 ? `-${p(-z.year, 4)}` : p(z.year, 4);
  return `${year}-${p(z.month)}-${p(z.day)} ${p(z.hour)}:${p(z.minute)}:${p(z.second)}`;
}

/**
 * Reads a local wall time `YYYY-MM-DDTHH:MM:SS` (or with a space) in a zone; returns epoch
 * milliseconds, or undefined when the text is not of that form or names no real date.
 */
export function parseLocalWallTime(text: string, timeZone: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  try {
    const local = Temporal.PlainDateTime.from({
      year: Number(m[1]), month: Number(m[2]), day: Number(m[3]),
      hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6] ?? 0),
    }, { overflow: 'reject' });
    return local.toZonedDateTime(timeZone).epochMilliseconds;
  } catch {
    return undefined;
  }
}

/** True when the zone is a valid IANA name (or UTC). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.instant().toZonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}
