// How a balance stands against the account's warning level, as the window shows it: asked of the
// one function that decides it for every part of the app (src-shared/account-status.ts).
import {
  accountStatus,
  type AccountStatus,
  type BalanceStanding,
  type SourceStanding,
} from '../../src-shared/account-status.ts';

export interface LevelSettings {
  warningEnabled: boolean;
  warningLevel: number | null;
}

/** The balance's standing: only the balance and the level matter here (a provider's health has its own notices). */
export function standingOf(balance: string | null, settings: LevelSettings): BalanceStanding {
  return accountStatus({
    balance,
    warningEnabled: settings.warningEnabled,
    warningLevel: settings.warningLevel,
    checkOutcome: null,
    lastAnsweredAt: null,
    now: 0,
    staleAfterSeconds: 0,
  }).balance;
}

/** A connected account as the status gives it, for the whole verdict (balance and provider). */
export interface AccountFacts {
  kind: 'local' | 'remote';
  state: 'ok' | 'unreachable' | 'key_refused';
  lastAnsweredAt: { epochSeconds: number } | null;
}

/**
 * How the account stands, balance and provider together, as the tray and the CLI see it: the
 * one function decides (src-shared/account-status.ts). The window's pill says what it says.
 */
export function accountStandingOf(
  balance: string | null,
  settings: LevelSettings,
  account: AccountFacts,
  nowEpochSeconds: number,
  staleAfterMinutes: number,
): AccountStatus {
  return accountStatus({
    balance,
    warningEnabled: settings.warningEnabled,
    warningLevel: settings.warningLevel,
    checkOutcome: account.kind === 'remote' ? account.state : null,
    lastAnsweredAt: account.lastAnsweredAt?.epochSeconds ?? null,
    now: nowEpochSeconds,
    staleAfterSeconds: staleAfterMinutes * 60,
  });
}

/** The provider's standing alone (null for a local account), decided by the same function. */
export function sourceStandingOf(
  account: AccountFacts,
  nowEpochSeconds: number,
  staleAfterMinutes: number,
): SourceStanding | null {
  const noLevel = { warningEnabled: false, warningLevel: null };
  return accountStandingOf(null, noLevel, account, nowEpochSeconds, staleAfterMinutes).source;
}
