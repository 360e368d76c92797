// How a severity (src-shared/account-status.ts) is drawn in the window: a shape and a word as
// well as a colour, as the balance's state pill is (colour is never the only sign).
import type { Severity } from '../../../src-shared/account-status.ts';

export const SEVERITY_SHAPE: Record<Severity, string> = {
  critical: '■',
  warning: '▲',
  unknown: '◆',
  stale: '◆',
  ok: '●',
};

export const SEVERITY_WORD: Record<Severity, string> = {
  critical: 'Critical',
  warning: 'Warning',
  unknown: 'Unknown',
  stale: 'Stale',
  ok: 'News',
};
