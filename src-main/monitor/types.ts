// The monitor's vocabulary: what it reads, what state it reports, what it notifies.
import type { SummaryPeriod } from '../../src-shared/vocabulary.ts';

/** One reading of the account, as its source sees it "now". */
export interface MonitorReading {
  /** Exact balance in pence, a plain decimal string ("4983.8709677419"). */
  balance: string;
  warningEnabled: boolean;
  /** Warning level in pence, or null when none is set. */
  warningLevel: number | null;
  summary: SummaryPeriod[];
  /** First instant (epoch seconds) the projected balance is below the level, or null. */
  forecastBelowLevelAt: number | null;
}

export type MonitorState = 'ok' | 'low' | 'unknown';

export interface MonitorSnapshot {
  state: MonitorState;
  /** The last good reading, even when the state is unknown (shown as "last known"). */
  reading: MonitorReading | undefined;
  /** When the last good reading was taken, epoch ms. */
  readAt: number | undefined;
  /** Why the state is unknown, in words. */
  problem: string | undefined;
  /** Unknown only because the last good reading is too old (the account's checks are failing or not running). */
  stale?: boolean;
}

/** Every account the tray watches, and the worst state over them. */
export interface AccountsView {
  state: MonitorState;
  accounts: { id: number; name: string; snapshot: MonitorSnapshot }[];
}

export type MonitorNotification =
  | { kind: 'low'; balance: string; level: number }
  | { kind: 'forecast'; balance: string; level: number; crossesAt: number }
  | { kind: 'summary'; period: SummaryPeriod; from: number; to: number; spent: string; balance: string };
