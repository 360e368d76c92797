// Wall-clock formatting and parsing in a zone, on the cached offsets (no Intl per call).
import { readWallTime } from '../../../src-shared/wall-time.ts';
import { civilFromDays, daysFromCivil } from '../civil.ts';
import { localToUtc } from '../compute/local-to-utc.ts';
import type { ZoneRules } from './zone-rules.ts';

const ymd = [0, 0, 0];
const p2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

function year4(y: number): string {
  if (y >= 1000 && y <= 9999) return String(y);
  const a = Math.abs(y);
  const s = a < 10 ? `000${a}` : a < 100 ? `00${a}` : a < 1000 ? `0${a}` : `${a}`;
  return y < 0 ? `-${s}` : s;
}

/** 'YYYY-MM-DD HH:MM:SS' local wall time of an instant (PHP's date('Y-m-d H:i:s')). */
export function formatWall(epochSeconds: number, zone: ZoneRules): string {
  const local = Math.floor(epochSeconds) + zone.offsetAt(Math.floor(epochSeconds));
  const days = Math.floor(local / 86400);
  const sod = local - days * 86400;
  civilFromDays(days, ymd);
  const h = Math.floor(sod / 3600);
  const mi = Math.floor(sod / 60) % 60;
  return `${year4(ymd[0] as number)}-${p2(ymd[1] as number)}-${p2(ymd[2] as number)} ${p2(h)}:${p2(mi)}:${p2(sod % 60)}`;
}

/** 'YYYY-MM-DDTHH:MM[:SS]' (or with a space) as local time in the zone -> epoch seconds. */
export function parseWall(text: string, zone: ZoneRules): number | undefined {
  const t = readWallTime(text.trim(), { local: true });
  if (t === undefined) return undefined;
  return localToUtc(
    daysFromCivil(t.year, t.month, t.day) * 86400 + t.hour * 3600 + t.minute * 60 + t.second,
    zone,
    false,
    0,
  );
}
