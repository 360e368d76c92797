// Usage-summary periods of the configured zone: the same calendar periods recurring charges
// accrue over (day from local midnight, week from Monday, month from the 1st).
import { periodContaining } from '../domain/periods.ts';
import type { SummaryPeriod } from '../../src-shared/vocabulary.ts';

const KIND = { daily: 'day', weekly: 'week', monthly: 'month' } as const;

/** The period containing `epochSeconds`: [start, end) in epoch seconds. */
export function periodAround(
  period: SummaryPeriod,
  epochSeconds: number,
  timeZone: string,
): { start: number; end: number } {
  const p = periodContaining(KIND[period], epochSeconds, timeZone);
  return { start: p.start, end: p.end };
}
