// The resolver's public types, in a file of their own so that the stages and index.ts can all
// import them without importing each other.
import type { ResolutionStage } from '../../src-shared/vocabulary.ts';

/**
 * Which number comes first in a slashed numeric date (`01/07/2026`, `1/7/26`, `1/7`). `mdy` is
 * PHP's reading (7 January) and the spec endpoints' always; `dmy` reads them day first (1 July).
 * Dashed and dotted numeric dates are day first in PHP already and do not depend on it.
 */
export type DateOrder = 'mdy' | 'dmy';

export const DATE_ORDERS: readonly DateOrder[] = ['mdy', 'dmy'];

export interface ResolveOptions {
  /** The current instant, epoch milliseconds. */
  now: number;
  /** IANA zone in which the text is read. */
  timeZone: string;
  /** Day/month order of slashed numeric dates; `mdy` (PHP's) when omitted. */
  dateOrder?: DateOrder | undefined;
}

/** Which stage understood the text: PHP's strtotime, the English phrase reader, or none (the contract's list). */
export type Stage = ResolutionStage;

export interface Resolution {
  /** The resolved instant, whole epoch seconds (like PHP's strtotime). */
  epochSeconds: number;
  /** False when nothing understood the text: epochSeconds is then "now". */
  understood: boolean;
  stage: Stage;
}
