// `status [--json|--waybar|--i3blocks|--polybar|--swiftbar] [--follow] [--refresh]`: every
// account's balance in pounds, how it stands and how old its reading is, from what the running
// app stored (see ../account-standings.ts). The bar formats print what each status bar reads
// (../status-bar/lines.ts); `--follow` keeps printing one update per change for a bar that keeps
// the process (../status-bar/follower.ts) instead of starting it every few seconds.
import type { Command } from 'commander';
import { accountLine } from '../../monitor/presentation.ts';
import { accountStandings } from '../account-standings.ts';
import { UsageError } from '../errors.ts';
import { addOptions, DATA_DIR, quickParse, type OptionSpec } from '../option-specs.ts';
import { print } from '../print.ts';
import { safeLine } from '../safe-text.ts';
import { BAR_FORMATS, barLines, type BarFormat } from '../status-bar/lines.ts';

export interface StatusOptions extends Partial<Record<BarFormat, boolean>> {
  follow?: boolean;
  heartbeat?: string;
  refresh?: boolean;
  dataDir?: string;
}

/** How often a follower prints its line again when nothing changed, seconds. */
export const HEARTBEAT_SECONDS = 60;

function chosenFormat(opts: StatusOptions): BarFormat | undefined {
  const chosen = BAR_FORMATS.filter((f) => opts[f] === true);
  if (chosen.length > 1) throw new UsageError(`choose one of --${chosen.join(', --')}`);
  return chosen[0];
}

function heartbeatMs(text: string | undefined): number {
  if (text === undefined) return HEARTBEAT_SECONDS * 1000;
  const seconds = /^\s*\d+(?:\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(seconds > 0 && seconds <= 3600))
    throw new UsageError(`--heartbeat takes seconds, more than 0 and at most 3600; got "${text.slice(0, 20)}"`);
  return Math.max(1, Math.round(seconds * 1000));
}

export async function statusCommand(opts: StatusOptions): Promise<void> {
  const format = chosenFormat(opts);
  if (opts.follow === true) {
    if (format === undefined)
      throw new UsageError(
        '--follow prints one line per change for a status bar: add --waybar, --i3blocks, --polybar, --swiftbar or --json',
      );
    if (opts.refresh === true) throw new UsageError('--follow never asks a provider: leave out --refresh');
    const { followStatus } = await import('../status-bar/follow-command.ts');
    await followStatus({ format, dataDir: opts.dataDir, heartbeatMs: heartbeatMs(opts.heartbeat) });
    return;
  }
  if (opts.heartbeat !== undefined) throw new UsageError('--heartbeat goes with --follow');
  const { now, accounts } = await accountStandings(opts, { refresh: opts.refresh === true });
  if (format !== undefined) {
    print(barLines(format, { now, accounts }));
    return;
  }
  if (accounts.length === 0) print('no account yet (account create, account connect, or the window)');
  for (const a of accounts) print(safeLine(accountLine(a, now)));
}

const OPTIONS: readonly OptionSpec[] = [
  { flags: '--json', description: 'a JSON array, one object per account' },
  { flags: '--waybar', description: 'one JSON object for a Waybar custom module: text, tooltip, class' },
  { flags: '--i3blocks', description: 'one JSON object for an i3blocks block (format=json): full_text, color' },
  { flags: '--polybar', description: 'one line for a polybar custom/script module, coloured with %{F} tags' },
  { flags: '--swiftbar', description: 'a SwiftBar or xbar menu: the balance, then a line per account' },
  {
    flags: '--follow',
    description: 'keep running: the line at once, a new one within 2 s of each change, the same one every minute',
  },
  {
    flags: '--heartbeat <seconds>',
    description: `with --follow, print the line again this often (default ${HEARTBEAT_SECONDS})`,
  },
  { flags: '--refresh', description: 'check connected accounts with their providers first' },
  DATA_DIR,
];

/** `status`: its options and action (main.ts lists it and calls this for --help or a mistake). */
export function define(command: Command): void {
  addOptions(command, OPTIONS).action((o: StatusOptions) => statusCommand(o));
}

/** A status bar runs `status --waybar` every few seconds: a plain invocation skips commander. */
export async function quick(args: readonly string[]): Promise<boolean> {
  const parsed = quickParse(args, OPTIONS, 0);
  if (parsed === undefined) return false;
  await statusCommand(parsed.options);
  return true;
}
