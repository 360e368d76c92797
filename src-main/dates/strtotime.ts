// PHP's strtotime($text, $now) under date_default_timezone_set($zone), in TypeScript: the first
// stage of resolve(). Returns epoch seconds, or undefined where PHP returns false.
import { toEpochSeconds } from './compute/apply.ts';
import { scan } from './parse/scan.ts';
import type { ZoneRules } from './zone/zone-rules.ts';

export function strtotime(text: string, nowSeconds: number, zone: ZoneRules): number | undefined {
  const parsed = scan(text);
  if (parsed === undefined) return undefined;
  return toEpochSeconds(parsed, nowSeconds, zone);
}
