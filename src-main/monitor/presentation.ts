// Words for the alerts and the tray, kept out of the Electron code so they are tested under
// Node. Amounts are shown in pounds by the one formatter the window uses too (its rounding rule
// is in src-shared/money/pounds.ts); the exact pence stay in the data. How an account stands is
// accountStatus()'s answer: these functions only word it.
import {
  BALANCE_SEVERITY,
  FORECAST_SEVERITY,
  SOURCE_SEVERITY,
  statusWords,
  type Severity,
} from '../../src-shared/account-status.ts';
import { rangeWords } from '../../src-shared/forecast-range.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { sentence } from '../../src-shared/sentence.ts';
import { runwayDays, runwayTold, runwayWords } from '../../src-shared/runway.ts';
import type { SummaryPeriod } from '../../src-shared/vocabulary.ts';
import { dateWords } from '../../src-shared/wall-dates.ts';
import { clockOf, monthName, type WallTime, weekdayOf } from '../../src-shared/wall-time.ts';
import { formatLocal, wallTimeIn } from '../dates/wall-clock.ts';
import type { AccountReading, AccountsView, AlertDraft, Episode, TrayShape, WatchedStatus } from './types.ts';

export interface NotificationText {
  title: string;
  body: string;
}

const PERIOD_NAME: Record<SummaryPeriod, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** "Tue 1 Dec, 14:00": a wall time's day and clock, without the year. */
const dayAndClock = (t: WallTime): string => `${weekdayOf(t)} ${t.day} ${monthName(t)}, ${clockOf(t)}`;

/**
 * "Tue 1 Dec, 14:00" in the configured zone. Written from the zone rules' wall time with the
 * app's own day and month names (the window's too), not Intl's formatter, which a long-running
 * service would otherwise set up on its first alert for the ICU data it keeps touched.
 */
export function shortDateTime(epochSeconds: number, timeZone: string): string {
  return dayAndClock(wallTimeIn(epochSeconds, timeZone));
}

/**
 * A forecast alert's sentence: the crossing's range when the reading has one ("Your balance falls
 * below £20.00 between 18 and 28 Dec, most likely 23 Dec"), else its one instant.
 */
function forecastSentence(
  r: AccountReading,
  which: 'belowWarning' | 'zero',
  verb: string,
  nowSeconds: number,
  timeZone: string,
): string {
  const range = r.forecastRange?.[which];
  const likely = which === 'zero' ? r.forecastZeroAt : r.forecastBelowLevelAt;
  // A range only when there is one: a scheduled forecast (collecting data) is exact, and said so.
  if (range != null && range.p10 !== null && range.p10 !== range.p90) {
    const wall = (t: number | null): string | null => (t === null ? null : formatLocal(t, timeZone));
    const words = rangeWords(
      `Your balance ${verb}`,
      { p10: wall(range.p10), p50: wall(range.p50), p90: wall(range.p90) },
      formatLocal(r.forecastFrom ?? r.forecastAt ?? nowSeconds, timeZone),
      r.horizonDays,
    );
    if (words !== undefined) return `${words}.`;
  }
  return `At the current rate your balance ${verb} on ${shortDateTime(likely ?? nowSeconds, timeZone)}.`;
}

/** "1 Dec 2026" in the configured zone. */
function shortDate(epochSeconds: number, timeZone: string): string {
  return dateWords(wallTimeIn(epochSeconds, timeZone));
}

/**
 * When a reading was made, as a clock time in the zone: "at 14:00" the same day, "Tue 1 Dec, 14:00"
 * before. The tray says it this way: its menu and tooltip stay on screen unchanged for as long as
 * nothing changes, and "read 3 min ago" would grow false.
 */
export function readClockTime(readAt: number, nowSeconds: number, timeZone: string): string {
  const read = wallTimeIn(readAt, timeZone);
  const now = wallTimeIn(nowSeconds, timeZone);
  const sameDay = read.year === now.year && read.month === now.month && read.day === now.day;
  return sameDay ? `at ${clockOf(read)}` : dayAndClock(read);
}

/** "3 min", "2 h", "4 days": how old a reading is. */
export function age(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 90) return `${s} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 36 * 3600) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} days`;
}

/** The tray's three shapes for the five severities: the one place that maps them. */
export function trayShape(severity: Severity): TrayShape {
  switch (severity) {
    case 'critical':
    case 'warning':
      return 'low';
    case 'unknown':
    case 'stale':
      return 'unknown';
    case 'ok':
      return 'ok';
  }
}

/** How an account stands, in a few words: written once beside the rule (the window's title words it too). */
export { statusWords };

/**
 * An alert's title where it is shown outside the window (a notification, the tray's menu, a
 * phone): it names the account when several are watched. The one place this rule lives.
 */
export function alertTitle(alert: { title: string; accountName: string }, several: boolean): string {
  return several ? `${alert.title}: ${alert.accountName}` : alert.title;
}

/** An alert is as grave as the cause its episode watches (accountStatus()'s own table). */
function alertSeverity(episode: Episode): Severity {
  switch (episode) {
    case 'below_zero':
    case 'low':
      return BALANCE_SEVERITY[episode];
    case 'forecast_zero':
    case 'forecast_level':
      return FORECAST_SEVERITY;
    case 'key_refused':
    case 'unreachable':
    case 'stale':
      return SOURCE_SEVERITY[episode];
  }
}

/** The alert an episode raises, worded. */
export function episodeAlert(episode: Episode, r: AccountReading, nowSeconds: number, timeZone: string): AlertDraft {
  const balance = r.balance === null ? 'unknown' : formatPounds(r.balance);
  const level = r.warningLevel === null ? null : formatPounds(r.warningLevel);
  const base = { episode, severity: alertSeverity(episode), balance: r.balance, level: r.warningLevel };
  switch (episode) {
    case 'below_zero':
      return {
        ...base,
        kind: 'below_zero',
        title: 'Balance is below zero',
        body: `Your balance is ${balance}: it has run out. Top up to keep your services running.`,
      };
    case 'low':
      return {
        ...base,
        kind: 'low',
        title: 'Balance is low',
        body: `Your balance is ${balance}, below your warning level of ${level ?? 'none'}.`,
      };
    case 'forecast_level':
      return {
        ...base,
        kind: 'forecast',
        title: 'Balance will soon be low',
        body: `${forecastSentence(r, 'belowWarning', `falls below ${level ?? 'your warning level'}`, nowSeconds, timeZone)} It is ${balance} now.`,
      };
    case 'forecast_zero':
      return {
        ...base,
        kind: 'forecast',
        title: 'Balance will soon run out',
        body: `${forecastSentence(r, 'zero', 'reaches zero', nowSeconds, timeZone)} It is ${balance} now.`,
      };
    case 'key_refused':
      return {
        ...base,
        kind: 'key_refused',
        title: 'Provider refused the key',
        body: `Your provider refused this account's key, so its balance cannot be read. Connect again with a new key. Last known balance ${balance}.`,
      };
    case 'unreachable':
      return {
        ...base,
        kind: 'unreachable',
        title: 'Provider not answering',
        body: `${sentence(r.problem ?? 'the provider did not answer')} Last known balance ${balance}.`,
      };
    case 'stale':
      return {
        ...base,
        kind: 'stale',
        title: 'Balance is out of date',
        body: `No fresh reading for ${age(nowSeconds - (r.lastAnsweredAt ?? r.readAt ?? nowSeconds))}: the balance shown (${balance}) may be old.`,
      };
  }
}

/** A reminder that the account is still below its level (or below zero), in the thread's words. */
export function reminderAlert(
  episode: 'below_zero' | 'low',
  r: AccountReading,
  since: number,
  timeZone: string,
): AlertDraft {
  const balance = r.balance === null ? 'unknown' : formatPounds(r.balance);
  const base = { episode, severity: alertSeverity(episode), balance: r.balance, level: r.warningLevel };
  const when = shortDateTime(since, timeZone);
  return episode === 'below_zero'
    ? {
        ...base,
        kind: 'below_zero',
        title: 'Balance is still below zero',
        body: `Your balance is ${balance}: below zero since ${when}. Top up to keep your services running.`,
      }
    : {
        ...base,
        kind: 'low',
        title: 'Balance is still low',
        body: `Your balance is ${balance}, below your warning level of ${r.warningLevel === null ? 'none' : formatPounds(r.warningLevel)} since ${when}.`,
      };
}

/** A usage summary's alert: what the period cost and the balance now. */
export function summaryAlert(
  period: SummaryPeriod,
  from: number,
  to: number,
  spent: string,
  balanceNow: string,
  timeZone: string,
): AlertDraft {
  const span =
    period === 'daily' ? shortDate(from, timeZone) : `${shortDate(from, timeZone)} to ${shortDate(to - 1, timeZone)}`;
  return {
    kind: 'summary',
    episode: null,
    severity: 'ok',
    title: `${PERIOD_NAME[period]} usage summary`,
    body: `Spent ${formatPounds(spent)} (${span}). Balance now ${formatPounds(balanceNow)}.`,
    balance: balanceNow,
    level: null,
  };
}

/**
 * The runway in the shared short form ("runs out in about 41 days", src-shared/runway.ts: the
 * likely crossing) when a forecast is known and may be told (`runwayTold`: the source is fine);
 * undefined otherwise: an old forecast of a provider that is not answering is not told as a fact.
 */
export function runwayOf(a: WatchedStatus): string | undefined {
  const r = a.reading;
  if (r.balance === null || r.forecastAt === null || !runwayTold(a.status.source)) return undefined;
  return runwayWords(runwayDays(r.balance, r.forecastZeroAt, r.forecastFrom ?? r.forecastAt), r.horizonDays);
}

/**
 * One line: "My hosting: £49.83 low (read 3 min ago)"; with `runway` (the tray's tooltip), "My
 * hosting: £49.83 low, runs out in about 12 days (read 3 min ago)"; with `clockIn` (the tray, a zone), "(read at
 * 14:00)". The CLI's status lines stay as they were (status bars and monitoring plugins read them).
 */
export function accountLine(
  a: WatchedStatus,
  nowSeconds: number,
  options: { runway?: boolean; clockIn?: string } = {},
): string {
  const balance = a.reading.balance === null ? 'no balance yet' : formatPounds(a.reading.balance);
  const { readAt } = a.reading;
  const read =
    readAt === null
      ? ''
      : options.clockIn === undefined
        ? ` (read ${age(nowSeconds - readAt)} ago)`
        : ` (read ${readClockTime(readAt, nowSeconds, options.clockIn)})`;
  const runway = options.runway === true ? runwayOf(a) : undefined;
  return `${a.name}: ${balance} ${statusWords(a.status)}${runway === undefined ? '' : `, ${runway}`}${read}`;
}

/** The tray tooltip for one account: state, balance (with the runway when known) and level (tooltips are short; lines keep it readable). */
function trayTooltipOne(a: WatchedStatus): string {
  const r = a.reading;
  const level =
    r.warningLevel === null
      ? 'no warning level'
      : `warning below ${formatPounds(r.warningLevel)}${r.warningEnabled ? '' : ' (off)'}`;
  const balance = r.balance === null ? null : formatPounds(r.balance);
  const s = a.status;
  const runway = runwayOf(a);
  if (s.severity === 'ok')
    return `Account Monitor\nBalance ${balance ?? '?'}${runway === undefined ? '' : ` (${runway})`}\n${level}`;
  if (trayShape(s.severity) === 'low')
    return `Account Monitor: ${s.balance === 'below_zero' ? 'BELOW ZERO' : s.source === 'key_refused' ? 'KEY REFUSED' : 'LOW BALANCE'}\nBalance ${balance ?? '?'} (${[statusWords(s), runway].filter((w) => w !== undefined).join(', ')})\n${level}`;
  const why = s.source === 'stale' ? 'stale' : 'unknown';
  const last = balance === null ? 'no balance read yet' : `last known balance ${balance}`;
  return `Account Monitor: balance ${why} (${r.problem ?? statusWords(s)})\n${last}\n${level}`;
}

/** The tray over every watched account: one account reads as before; several get one line each, read times as clock times in `timeZone`. */
export function trayTooltipAll(view: AccountsView, timeZone: string): string {
  const [only, ...others] = view.accounts;
  if (only === undefined)
    return 'Account Monitor: balance unknown (no account yet: connect one in the window)\nno balance read yet\nno warning level';
  if (others.length === 0) return trayTooltipOne(only);
  const head =
    view.state === 'low'
      ? 'Account Monitor: an account needs action'
      : view.state === 'unknown'
        ? 'Account Monitor: an account needs attention'
        : 'Account Monitor';
  return [head, ...view.accounts.map((a) => accountLine(a, view.now, { runway: true, clockIn: timeZone }))].join('\n');
}
