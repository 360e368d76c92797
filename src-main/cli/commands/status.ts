// `status [--json|--waybar] [--refresh]`: every account's balance in pounds, how it stands and
// how old its reading is, from what the running app stored (see ../account-standings.ts).
// `--waybar` prints the one JSON object Waybar, i3blocks and polybar custom modules read.
import type { Command } from 'commander';
import { worstSeverity } from '../../../src-shared/account-status.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { accountLine, statusWords } from '../../monitor/presentation.ts';
import type { AccountStanding } from '../account-standing.ts';
import { accountStandings } from '../account-standings.ts';
import { addOptions, DATA_DIR, quickParse, type OptionSpec } from '../option-specs.ts';
import { print } from '../print.ts';
import { safeLine } from '../safe-text.ts';

/** Waybar shows `text` and `tooltip` as Pango markup: an account named "A & B" must not break it. */
const markup = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const iso = (t: number | null): string | null =>
  t === null ? null : new Date(t * 1000).toISOString().replace('.000Z', 'Z');

/** The fields `status --json` and `account list --json` share. */
export function standingJson(a: AccountStanding, now: number): Record<string, unknown> {
  const r = a.reading;
  return {
    name: a.name,
    kind: a.kind,
    balance: r.balance,
    pounds: r.balance === null ? null : formatPounds(r.balance),
    level: r.warningEnabled ? r.warningLevel : null,
    balanceState: a.status.balance,
    providerState: a.status.source,
    severity: a.status.severity,
    words: statusWords(a.status),
    readAt: iso(r.readAt),
    ageSeconds: r.readAt === null ? null : Math.max(0, now - r.readAt),
    forecastBelowLevelAt: a.status.forecastLow ? iso(r.forecastBelowLevelAt) : null,
    forecastZeroAt: a.status.forecastZero ? iso(r.forecastZeroAt) : null,
  };
}

export async function statusCommand(opts: {
  json?: boolean;
  waybar?: boolean;
  refresh?: boolean;
  dataDir?: string;
}): Promise<void> {
  const { now, accounts } = await accountStandings(opts, { refresh: opts.refresh === true });
  const lines = accounts.map((a) => safeLine(accountLine(a, now)));
  if (opts.waybar === true) {
    const severity = worstSeverity(accounts.map((a) => a.status.severity));
    const worst = accounts.find((a) => a.status.severity === severity) ?? accounts[0];
    const balance = worst?.reading.balance;
    print(
      JSON.stringify({
        text: worst === undefined ? 'no account' : balance == null ? '?' : formatPounds(balance),
        tooltip: lines.length === 0 ? 'Account Monitor: no account yet' : markup(lines.join('\n')),
        class: accounts.length === 0 ? 'unknown' : severity,
        alt: accounts.length === 0 ? 'unknown' : severity,
      }),
    );
    return;
  }
  if (opts.json === true) {
    print(JSON.stringify(accounts.map((a) => standingJson(a, now))));
    return;
  }
  if (accounts.length === 0) print('no account yet (account create, account connect, or the window)');
  for (const line of lines) print(line);
}

const OPTIONS: readonly OptionSpec[] = [
  { flags: '--json', description: 'a JSON array, one object per account' },
  { flags: '--waybar', description: 'one JSON object for Waybar, i3blocks or polybar: text, tooltip, class' },
  { flags: '--refresh', description: 'check connected accounts with their providers first' },
  DATA_DIR,
];

/** `status`: its options and action (main.ts lists it and calls this for --help or a mistake). */
export function define(command: Command): void {
  addOptions(command, OPTIONS).action((o: Parameters<typeof statusCommand>[0]) => statusCommand(o));
}

/** A status bar runs `status --waybar` every few seconds: a plain invocation skips commander. */
export async function quick(args: readonly string[]): Promise<boolean> {
  const parsed = quickParse(args, OPTIONS, 0);
  if (parsed === undefined) return false;
  await statusCommand(parsed.options);
  return true;
}
