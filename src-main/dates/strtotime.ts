// PHP's strtotime($text, $now) under date_default_timezone_set($zone), in TypeScript: the first
// stage of resolve(). Returns epoch seconds, or undefined where PHP returns false.
import { toEpochSeconds } from './compute/apply.ts';
import { scan } from './parse/scan.ts';
import type { DateOrder } from './types.ts';
import type { ZoneRules } from './zone/zone-rules.ts';

/** `order` "dmy" reads the slashed numeric dates day first (not PHP's reading; see types.ts). */
export function strtotime(
  text: string,
  nowSeconds: number,
  zone: ZoneRules,
  order: DateOrder = 'mdy',
): number | undefined {
  const parsed = scan(text, order);
  if (parsed === undefined) return undefined;
  return toEpochSeconds(parsed, nowSeconds, zone);
}
