// `check [NAME] [--refresh]`: one line and the monitoring-plugins exit status (0 ok, 1 warning,
// 2 critical, 3 unknown or stale) for one account, or the worst of them all, so cron, Nagios or
// a CI job can watch a balance. Reads the stored state as `status` does.
import type { Command } from 'commander';
import { checkExitCode, type Severity, worstSeverity } from '../../../src-shared/account-status.ts';
import { accountLine } from '../../monitor/presentation.ts';
import { accountStandings } from '../account-standings.ts';
import { addOptions, DATA_DIR, quickParse, type OptionSpec } from '../option-specs.ts';
import { print } from '../print.ts';
import { safeLine } from '../safe-text.ts';

const WORD: Record<Severity, string> = {
  ok: 'OK',
  warning: 'WARNING',
  critical: 'CRITICAL',
  unknown: 'UNKNOWN',
  stale: 'UNKNOWN',
};

export async function checkCommand(
  name: string | undefined,
  opts: { refresh?: boolean; dataDir?: string },
): Promise<void> {
  const { now, accounts } = await accountStandings(opts, { refresh: opts.refresh === true });
  const chosen = name === undefined ? accounts : accounts.filter((a) => a.name === name);
  if (chosen.length === 0) {
    print(
      safeLine(
        name === undefined
          ? 'BALANCE UNKNOWN - no account yet'
          : `BALANCE UNKNOWN - no account is named "${name}" (see account list)`,
      ),
    );
    process.exitCode = 3;
    return;
  }
  const severity = worstSeverity(chosen.map((a) => a.status.severity));
  const shown = chosen.filter((a) => a.status.severity === severity);
  const others = chosen.length - shown.length;
  const text = shown.map((a) => accountLine(a, now)).join('; ');
  print(safeLine(`BALANCE ${WORD[severity]} - ${text}${others > 0 ? ` (and ${others} more)` : ''}`));
  process.exitCode = checkExitCode(severity);
}

const OPTIONS: readonly OptionSpec[] = [
  { flags: '--refresh', description: 'check connected accounts with their providers first' },
  DATA_DIR,
];

/** `check [name]`: its options and action (main.ts lists it and calls this for --help or a mistake). */
export function define(command: Command): void {
  addOptions(command, OPTIONS).action((name: string | undefined, o: { refresh?: boolean; dataDir?: string }) =>
    checkCommand(name, o),
  );
}

/** Cron and monitoring plugins run `check` often: a plain invocation skips commander. */
export async function quick(args: readonly string[]): Promise<boolean> {
  const parsed = quickParse(args, OPTIONS, 1);
  if (parsed === undefined) return false;
  await checkCommand(parsed.operands[0], parsed.options);
  return true;
}
