// The balance now and how it stands: a local account's from get_balance (as JSON), a connected
// account's from its latest check (RemoteBalance).
import { Money } from '../../components/Money.tsx';
import { Notice } from '../../components/Notice.tsx';
import { useAccount } from '../../data/account-context.ts';
import { useBalanceNow, useOutlook, useSettings } from '../../data/queries.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { runwayText } from './forecast-words.ts';
import { RemoteBalance } from './RemoteBalance.tsx';
import { StateBadge } from './StateBadge.tsx';
import { accountStandingOf, sourceStandingOf } from '../../lib/standing.ts';
import { RUNWAY_WAITING, runwayTold } from '../../../src-shared/runway.ts';

/**
 * The runway beside the balance: whole days of credit left (src-shared/runway.ts words it), or,
 * while the provider is not answering (`told` false), that it waits for it: the forecast then is
 * an old one, not told as a fact (the tray leaves it out by the same rule).
 */
function Runway({ horizon, told }: { horizon: number; told: boolean }) {
  const outlook = useOutlook(horizon);
  const text = !told ? RUNWAY_WAITING : outlook.data ? runwayText(outlook.data) : undefined;
  if (text === undefined) return null;
  return (
    <p className="runway" data-testid="runway">
      Runway: <strong>{text}</strong>
    </p>
  );
}

export function BalanceNow({ horizon }: { horizon: number }) {
  const { status, account } = useAccount();
  const remote = account.kind === 'remote';
  const now = useBalanceNow(!remote);
  const settings = useSettings();
  const balance = remote ? account.reading?.balance : now.data?.balance;
  return (
    <>
      {now.error && (
        <Notice tone="error" title="Could not read the balance" headingLevel={3}>
          <p>{now.error.message}</p>
        </Notice>
      )}
      {remote && <RemoteBalance />}
      {!remote && now.data && (
        <>
          <p className="balance-big">
            <Money pence={now.data.balance} testId="balance-now" />
          </p>
          <p className="muted">
            at {formatDateTime(now.data.datetime)} ({status.timeZone})
          </p>
        </>
      )}
      {balance !== undefined && (
        <Runway
          horizon={horizon}
          told={runwayTold(sourceStandingOf(account, status.now.epochSeconds, status.checks.staleAfterMinutes))}
        />
      )}
      {balance !== undefined && settings.data && (
        <StateBadge
          status={accountStandingOf(
            balance,
            settings.data,
            account,
            status.now.epochSeconds,
            status.checks.staleAfterMinutes,
          )}
          level={settings.data.warningLevel}
          enabled={settings.data.warningEnabled}
        />
      )}
      {!remote && now.isPending && <p className="muted">Loading…</p>}
    </>
  );
}
