// `check [NAME] [--warning POUNDS] [--critical POUNDS] [--refresh]`: one line and the
// monitoring-plugins exit status (0 ok, 1 warning, 2 critical, 3 unknown or stale) for one
// account, or the worst of them all, so cron, Nagios or a CI job can watch a balance; after a `|`,
// each balance as performance data (perfdata.ts). `--warning` and `--critical` replace the
// account's levels for this check. Reads the stored state as `status` does. Anything this
// command cannot answer (no such account, a threshold that is not an amount, a usage mistake
// commander finds, a failure) is one UNKNOWN line on stdout and exit 3, as monitoring systems
// expect of a plugin: exit 2 would read as CRITICAL, exit 1 as WARNING.
import type { Command } from 'commander';
import { accountStatus, checkExitCode, type Severity, worstSeverity } from '../../../src-shared/account-status.ts';
import { parsePounds } from '../../../src-shared/money/parse-pounds.ts';
import { earliestCrossings } from '../../monitor/episodes.ts';
import { accountLine } from '../../monitor/presentation.ts';
import type { AccountStanding } from '../account-standing.ts';
import { accountStandings } from '../account-standings.ts';
import { addOptions, DATA_DIR, quickParse, type OptionSpec } from '../option-specs.ts';
import { perfdata } from '../perfdata.ts';
import { print } from '../print.ts';
import { safeLine } from '../safe-text.ts';

const WORD: Record<Severity, string> = {
  ok: 'OK',
  warning: 'WARNING',
  critical: 'CRITICAL',
  unknown: 'UNKNOWN',
  stale: 'UNKNOWN',
};

export interface CheckOptions {
  refresh?: boolean;
  dataDir?: string;
  warning?: string;
  critical?: string;
}

function unknown(text: string): void {
  print(safeLine(`BALANCE UNKNOWN - ${text}`));
  process.exitCode = 3;
}

/** What stops the command (main.ts hands it the one-line message): one UNKNOWN line; exit 3. */
export function stopped(message: string): number {
  unknown(message);
  return 3;
}

/** Whole pence of a threshold typed in pounds, or the line saying what is wrong with it. */
function threshold(flag: string, text: string | undefined): { pence?: number; problem?: string } {
  if (text === undefined) return {};
  const parsed = parsePounds(text, { signed: true, zero: true });
  if (!parsed.ok) return { problem: `${flag} takes an amount in pounds (20, 20.00, -5): ${parsed.problem}` };
  return { pence: Number(parsed.value) };
}

/** The standing with the thresholds of this check in place of the account's own levels. */
function withThresholds(a: AccountStanding, now: number, warning?: number, critical?: number): AccountStanding {
  if (warning === undefined && critical === undefined) return a;
  // The stored forecast crossing is of the account's own level: with another level it says nothing.
  const reading =
    warning === undefined
      ? a.reading
      : {
          ...a.reading,
          warningEnabled: true,
          warningLevel: warning,
          forecastBelowLevelAt: null,
          forecastRange:
            a.reading.forecastRange == null
              ? null
              : { ...a.reading.forecastRange, belowWarning: { p10: null, p50: null, p90: null } },
        };
  // The forecast's earliest plausible crossings, as every other place the state is decided.
  return {
    ...a,
    reading,
    status: accountStatus({ ...reading, ...earliestCrossings(reading), now, criticalLevel: critical ?? 0 }),
  };
}

export async function checkCommand(name: string | undefined, opts: CheckOptions): Promise<void> {
  const warning = threshold('--warning', opts.warning);
  const critical = threshold('--critical', opts.critical);
  const problem = warning.problem ?? critical.problem;
  if (problem !== undefined) {
    unknown(problem);
    return;
  }
  const { now, accounts } = await accountStandings(opts, { refresh: opts.refresh === true });
  const chosen = (name === undefined ? accounts : accounts.filter((a) => a.name === name)).map((a) =>
    withThresholds(a, now, warning.pence, critical.pence),
  );
  if (chosen.length === 0) {
    unknown(name === undefined ? 'no account yet' : `no account is named "${name}" (see account list)`);
    return;
  }
  const severity = worstSeverity(chosen.map((a) => a.status.severity));
  const shown = chosen.filter((a) => a.status.severity === severity);
  const others = chosen.length - shown.length;
  const text = shown.map((a) => accountLine(a, now)).join('; ');
  // One account asked by name is `balance`; all of them, each by its name (a label that stays the
  // same when an account is added, so a graph keeps its history).
  const perf = perfdata(
    chosen.flatMap((a) =>
      a.reading.balance === null
        ? []
        : [
            {
              label: name === undefined ? a.name : 'balance',
              pence: a.reading.balance,
              warnBelow: a.reading.warningEnabled ? a.reading.warningLevel : null,
              criticalAtOrBelow: critical.pence ?? 0,
            },
          ],
    ),
  );
  const line = safeLine(`BALANCE ${WORD[severity]} - ${text}${others > 0 ? ` (and ${others} more)` : ''}`);
  print(perf === '' ? line : `${line} | ${perf}`);
  process.exitCode = checkExitCode(severity);
}

const OPTIONS: readonly OptionSpec[] = [
  {
    flags: '--warning <pounds>',
    description: "WARNING below this balance, in pounds, instead of the account's warning level",
  },
  { flags: '--critical <pounds>', description: 'CRITICAL at or below this balance, in pounds (default 0.00)' },
  { flags: '--refresh', description: 'check connected accounts with their providers first' },
  DATA_DIR,
];

/** `check [name]`: its options and action (main.ts lists it and calls this for --help or a mistake). */
export function define(command: Command): void {
  addOptions(command, OPTIONS).action((name: string | undefined, o: CheckOptions) => checkCommand(name, o));
}

/** Cron and monitoring plugins run `check` often: a plain invocation skips commander. */
export async function quick(args: readonly string[]): Promise<boolean> {
  const parsed = quickParse(args, OPTIONS, 1);
  if (parsed === undefined) return false;
  await checkCommand(parsed.operands[0], parsed.options);
  return true;
}
