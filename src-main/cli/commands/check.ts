// `check [NAME] [--refresh]`: one line and the monitoring-plugins exit status (0 ok, 1 warning,
// 2 critical, 3 unknown or stale) for one account, or the worst of them all, so cron, Nagios or
// a CI job can watch a balance. Reads the stored state as `status` does.
import { checkExitCode, type Severity, worstSeverity } from '../../../src-shared/account-status.ts';
import { accountLine } from '../../monitor/presentation.ts';
import { accountStandings } from '../account-standings.ts';
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
