// The worst state of the window's accounts, for the page title and the favicon. Each account is
// judged by the one status function (src-shared/account-status.ts) and worded by its words; this
// file only picks the worst and writes the title: "(!) £14.86 low - Account Monitor".
import { SEVERITIES, statusWords, type AccountStatus, type Severity } from '../../../src-shared/account-status.ts';
import type { AccountSummary, Settings, Status } from '../../../src-shared/app-api.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { accountStandingOf } from '../../lib/standing.ts';

export const APP_NAME = 'Account Monitor';

export interface AccountFacts {
  account: AccountSummary;
  /** Exact pence now: a local account's get_balance, a connected account's latest reading; undefined while unread. */
  balance: string | null | undefined;
  settings: Settings | undefined;
}

export interface WindowState {
  severity: Severity;
  title: string;
}

/** One account as it stands now (the status's clock and stale threshold), or undefined until its data is read. */
export function standingOf(facts: AccountFacts, status: Status): AccountStatus | undefined {
  const { account, balance, settings } = facts;
  if (balance === undefined || settings === undefined) return undefined;
  return accountStandingOf(balance, settings, account, status.now.epochSeconds, status.checks.staleAfterMinutes);
}

/**
 * The title and favicon's severity: the worst account's. While everything is ok the title is the
 * plain app name (the green favicon says ok); otherwise "(!)" (critical, warning) or "(?)"
 * (unknown, stale), the worst account's balance in pounds and its state in words, and its name
 * when the window holds several accounts. Accounts not read yet do not count until they are.
 */
export function windowState(all: AccountFacts[], status: Status): WindowState {
  let worst: { facts: AccountFacts; status: AccountStatus } | undefined;
  for (const facts of all) {
    const standing = standingOf(facts, status);
    if (standing === undefined) continue;
    if (worst === undefined || rank(standing.severity) < rank(worst.status.severity))
      worst = { facts, status: standing };
  }
  if (worst === undefined) return { severity: 'unknown', title: APP_NAME };
  const { severity } = worst.status;
  if (severity === 'ok') return { severity, title: APP_NAME };
  const mark = severity === 'critical' || severity === 'warning' ? '(!)' : '(?)';
  const name = all.length > 1 ? `${worst.facts.account.name}: ` : '';
  const balance = typeof worst.facts.balance === 'string' ? `${formatPounds(worst.facts.balance)} ` : '';
  return { severity, title: `${mark} ${name}${balance}${statusWords(worst.status)} - ${APP_NAME}` };
}

function rank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}
