// What `status` prints for a status bar, one shape per bar, from one view of the accounts: the
// worst account's balance as the text, every account's line as the detail, the worst severity as
// the class (or `unknown` while no service runs, or when the data cannot be read). Each shape is
// what its bar documents for a script it reads line by line:
// - waybar: one JSON object a line (`return-type: json`): text, tooltip (Pango markup), class, alt;
// - i3blocks: one JSON object a line (`format=json`, `interval=persist`): full_text, short_text,
//   color, and urgent when critical;
// - polybar: one text line (`tail = true` shows the last), coloured with polybar's %{F} tags;
// - swiftbar: a menu (title, `---`, a line per account); following, each new one starts with the
//   `~~~` line a streamable plugin resets its item with (xbar reads the same menu, one-shot);
// - json: `status --json`'s array, or following, one object a line with the service's state.
// No shape ever prints an empty line: Waybar and polybar hide a module that does.
import { type Severity, worstSeverity } from '../../../src-shared/account-status.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { accountLine } from '../../monitor/presentation.ts';
import type { AccountStanding } from '../account-standing.ts';
import { safeLine } from '../safe-text.ts';
import { standingJson } from '../standing-json.ts';

export const BAR_FORMATS = ['waybar', 'i3blocks', 'polybar', 'swiftbar', 'json'] as const;
export type BarFormat = (typeof BAR_FORMATS)[number];

/** What one line shows. */
export interface BarView {
  /** Epoch seconds the view was read at (ages are counted to it). */
  now: number;
  accounts: readonly AccountStanding[];
  /** While following: whether a service (serve, the app) runs and checks the accounts. A one-shot `status` does not say. */
  service?: 'running' | 'not_running';
  /** Why the data could not be read, if it could not (a follower says so and keeps waiting). */
  problem?: string;
}

export const NOT_RUNNING =
  'Account Monitor is not running: nothing checks the accounts or warns (start it: account-monitor serve, or open the app)';

/** Colours for the bars that take one from the script (i3blocks, polybar, SwiftBar); ok keeps the bar's own. */
const COLOUR: Record<Severity, string | undefined> = {
  critical: '#e5484d',
  warning: '#f5a524',
  unknown: '#8b8d98',
  stale: '#8b8d98',
  ok: undefined,
};

/** The class of the whole line: `unknown` when nothing can be told (no service, no account, no data). */
export function barClass(view: BarView): Severity {
  if (view.problem !== undefined || view.service === 'not_running' || view.accounts.length === 0) return 'unknown';
  return worstSeverity(view.accounts.map((a) => a.status.severity));
}

/** The short text: the worst account's balance ("£15.00"), "?" before any reading, "no account" before any account. */
export function barText(view: BarView): string {
  if (view.problem !== undefined) return '?';
  const severity = worstSeverity(view.accounts.map((a) => a.status.severity));
  const worst = view.accounts.find((a) => a.status.severity === severity) ?? view.accounts[0];
  if (worst === undefined) return 'no account';
  return worst.reading.balance === null ? '?' : formatPounds(worst.reading.balance);
}

/** The detail, a line each: why nothing is current first (if so), then every account's line. */
export function barDetail(view: BarView): string[] {
  const head: string[] = [];
  if (view.problem !== undefined) head.push(safeLine(`Account Monitor: ${view.problem}`));
  if (view.service === 'not_running') head.push(NOT_RUNNING);
  const lines = view.accounts.map((a) => safeLine(accountLine(a, view.now)));
  if (lines.length === 0 && view.problem === undefined) lines.push('Account Monitor: no account yet');
  return [...head, ...lines];
}

/** Waybar shows `text` and `tooltip` as Pango markup: an account named "A & B" must not break it. */
const markup = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function waybar(view: BarView): string {
  const cls = barClass(view);
  return JSON.stringify({
    text: markup(barText(view)),
    tooltip: markup(barDetail(view).join('\n')),
    class: cls,
    alt: cls,
  });
}

function i3blocks(view: BarView): string {
  const cls = barClass(view);
  const text = barText(view);
  const colour = COLOUR[cls];
  return JSON.stringify({
    full_text: text,
    short_text: text,
    ...(colour === undefined ? {} : { color: colour }),
    ...(cls === 'critical' ? { urgent: true } : {}),
  });
}

function polybar(view: BarView): string {
  const colour = COLOUR[barClass(view)];
  // polybar reads %{...} as formatting: the text is an amount or a fixed word, never a name.
  const text = barText(view);
  return colour === undefined ? text : `%{F${colour}}${text}%{F-}`;
}

/**
 * A menu line SwiftBar and xbar take as plain text: `|` would start its parameters, a leading
 * `-` a separator or submenu, a leading `~` the reset line; `:name:` would become an emoji or a
 * symbol.
 */
function menuLine(text: string): string {
  const plain = text.replace(/\|/g, '¦').replace(/^[-~]+/, (m) => '\u2010'.repeat(m.length));
  return `${plain} | symbolize=false emojize=false`;
}

function swiftbar(view: BarView): string {
  const colour = COLOUR[barClass(view)];
  const title = `${barText(view)}${colour === undefined ? '' : ` | color=${colour}`}`;
  return [title, '---', ...barDetail(view).map(menuLine)].join('\n');
}

function json(view: BarView): string {
  const accounts = view.accounts.map((a) => standingJson(a, view.now));
  if (view.service === undefined && view.problem === undefined) return JSON.stringify(accounts);
  return JSON.stringify({
    service: view.service ?? null,
    class: barClass(view),
    ...(view.problem === undefined ? {} : { problem: view.problem }),
    accounts,
  });
}

const SHAPES: Record<BarFormat, (view: BarView) => string> = { waybar, i3blocks, polybar, swiftbar, json };

/** What `status --FORMAT` prints for the view (SwiftBar's menu spans several lines; every other shape is one). */
export function barLines(format: BarFormat, view: BarView): string {
  return SHAPES[format](view);
}

/** A follower's next update: SwiftBar's after the first starts with `~~~`, which resets the item. */
export function followUpdate(format: BarFormat, view: BarView, first: boolean): string {
  const lines = barLines(format, view);
  return format === 'swiftbar' && !first ? `~~~\n${lines}` : lines;
}
