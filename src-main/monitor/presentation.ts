// Words for the tray and the notifications, kept out of the Electron code so they are tested
// under Node. Amounts are shown in pounds by the one formatter the window uses too (its rounding
// rule is in src-shared/money/pounds.ts); the exact pence stay in the data.
import { formatPounds } from '../../src-shared/money/pounds.ts';
import type { SummaryPeriod } from '../../src-shared/vocabulary.ts';
import type { AccountsView, MonitorNotification, MonitorSnapshot } from './types.ts';

export interface NotificationText {
  title: string;
  body: string;
}

const PERIOD_NAME: Record<SummaryPeriod, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** "Tue 1 Dec, 14:00" in the configured zone. */
export function shortDateTime(epochSeconds: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(epochSeconds * 1000));
}

function shortDate(epochSeconds: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(epochSeconds * 1000),
  );
}

/** The tray tooltip: state, balance and level (tooltips are short; lines keep it readable). */
export function trayTooltip(snapshot: MonitorSnapshot): string {
  const r = snapshot.reading;
  const level =
    r?.warningLevel === null || r?.warningLevel === undefined
      ? 'no warning level'
      : `warning below ${formatPounds(r.warningLevel)}${r.warningEnabled ? '' : ' (off)'}`;
  switch (snapshot.state) {
    case 'ok':
      return `Account Monitor\nBalance ${formatPounds(r?.balance ?? '0')}\n${level}`;
    case 'low':
      return `Account Monitor: LOW BALANCE\nBalance ${formatPounds(r?.balance ?? '0')}\n${level}`;
    case 'unknown': {
      const last = r === undefined ? 'no balance read yet' : `last known balance ${formatPounds(r.balance)}`;
      return `Account Monitor: balance ${snapshot.stale === true ? 'stale' : 'unknown'} (${snapshot.problem ?? 'no reading'})\n${last}\n${level}`;
    }
  }
}

const STATE_WORDS = { ok: 'ok', low: 'LOW', unknown: 'unknown' } as const;

/** The tray over every watched account: one account reads as before; several get one line each. */
export function trayTooltipAll(view: AccountsView): string {
  const [only, ...others] = view.accounts;
  if (only === undefined)
    return 'Account Monitor: balance unknown (no account yet: connect one in the window)\nno balance read yet\nno warning level';
  if (others.length === 0) return trayTooltip(only.snapshot);
  const head =
    view.state === 'low'
      ? 'Account Monitor: LOW BALANCE'
      : view.state === 'unknown'
        ? 'Account Monitor: an account needs attention'
        : 'Account Monitor';
  const lines = view.accounts.map(({ name, snapshot }) => accountLine(name, snapshot));
  return [head, ...lines].join('\n');
}

/** One account in a line: "My hosting: £49.83 (ok)" (the tooltip with several accounts, the tray's menu). */
export function accountLine(name: string, s: MonitorSnapshot): string {
  const balance = s.reading === undefined ? 'no balance yet' : formatPounds(s.reading.balance);
  const state =
    s.state === 'unknown'
      ? `${s.stale === true ? 'stale' : 'unknown'}: ${s.problem ?? 'no reading'}`
      : STATE_WORDS[s.state];
  return `${name}: ${balance} (${state})`;
}

export function notificationText(n: MonitorNotification, timeZone: string): NotificationText {
  switch (n.kind) {
    case 'low':
      return {
        title: 'Balance is low',
        body: `Your balance is ${formatPounds(n.balance)}, below your warning level of ${formatPounds(n.level)}.`,
      };
    case 'forecast':
      return {
        title: 'Balance will soon be low',
        body: `At the current rate your balance falls below ${formatPounds(n.level)} on ${shortDateTime(n.crossesAt, timeZone)}. It is ${formatPounds(n.balance)} now.`,
      };
    case 'summary': {
      const span =
        n.period === 'daily'
          ? shortDate(n.from, timeZone)
          : `${shortDate(n.from, timeZone)} to ${shortDate(n.to - 1, timeZone)}`;
      return {
        title: `${PERIOD_NAME[n.period]} usage summary`,
        body: `Spent ${formatPounds(n.spent)} (${span}). Balance now ${formatPounds(n.balance)}.`,
      };
    }
  }
}
