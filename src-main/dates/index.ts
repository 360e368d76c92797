// Public face of the datetime resolver. Pure: "now" and the zone are always parameters.
// Stage 1 is a faithful port of PHP's strtotime() (timelib); stage 2 reads the English phrases
// strtotime rejects that the policy in README.md allows. See docs/date-deviations.md for the
// deliberate deviations from PHP.
import { deviation, MAX_EXACT_SECONDS, MAX_INPUT_LENGTH } from './deviations.ts';
import { phraseStageOnDemand } from './phrase-stage.ts';
import { strtotime } from './strtotime.ts';
import { zoneRules } from './zone/zone-rules.ts';

export { useProcessClockFor } from './zone/zone-rules.ts';
export { formatLocal, formatLocalInto, isValidTimeZone, parseLocalWallTime, wallTimeIn } from './wall-clock.ts';

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
