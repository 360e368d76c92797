// The resolver's public types, in a file of their own so that the stages and index.ts can all
// import them without importing each other.
import type { DateOrder, ResolutionStage } from '../../src-shared/vocabulary.ts';

/** Day/month order of slashed numeric dates: one list for the resolver, the CLI and the window. */
export { DATE_ORDERS, type DateOrder } from '../../src-shared/vocabulary.ts';

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
