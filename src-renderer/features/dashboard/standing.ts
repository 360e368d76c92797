// How a balance stands against the account's warning level, as the window shows it: asked of the
// one function that decides it for every part of the app (src-shared/account-status.ts).
import { accountStatus, type BalanceStanding } from '../../../src-shared/account-status.ts';

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
