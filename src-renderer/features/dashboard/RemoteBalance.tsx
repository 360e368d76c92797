// A connected account's balance: what the latest check of the provider read, how long ago, and
// a refresh button; the account's state (provider unreachable, key refused, stale) said in words
// with the next step. The provider is the truth; this is the app's latest look at it.
import type { AccountSummary } from '../../../src-shared/app-api.ts';
import { timeAgo } from '../../../src-shared/time-ago.ts';
import { Money } from '../../components/Money.tsx';
import { Notice } from '../../components/Notice.tsx';
import { useAccount } from '../../data/account-context.ts';
import { useRefresh } from '../../data/writes.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { sentence } from '../../../src-shared/sentence.ts';

/**
 * "checked 4 minutes ago", from the service's own clock. While the provider is not answering (or
 * refuses the key), the age that matters is the balance's: "last answered 2 hours ago", as the
 * CLI and the tray count it.
 */
export function checkedWords(account: AccountSummary, nowEpochSeconds: number): string {
  if (account.lastCheckedAt === null) return 'not checked yet';
  if (account.state !== 'ok') {
    if (account.lastAnsweredAt === null) return 'your provider has not answered yet';
    return `your provider last answered ${timeAgo(nowEpochSeconds - account.lastAnsweredAt.epochSeconds)}`;
  }
  return `checked ${timeAgo(nowEpochSeconds - account.lastCheckedAt.epochSeconds)}`;
}

/** The account's health in words, or undefined when all is well. */
export function healthNotice(
  account: AccountSummary,
  staleAfterMinutes: number,
): { title: string; text: string } | undefined {
  if (account.state === 'key_refused') {
    return {
      title: 'Your provider refused the key',
      text: `${sentence(account.problem ?? 'The provider answered 403.')} The key may have been revoked: ask your provider for a new one, then add the account again with it.`,
    };
  }
  if (account.state === 'unreachable') {
    return {
      title: 'Cannot reach your provider',
      text: `${sentence(account.problem ?? 'The latest check failed.')} The balance shown is the last one your provider gave; checks continue, less often while this lasts.`,
    };
  }
  if (account.stale) {
    return {
      title: 'This balance is stale',
      text: `Your provider last answered more than ${staleAfterMinutes} minutes ago. Refresh to check now.`,
    };
  }
  return undefined;
}

export function RemoteBalance() {
  const { account, status } = useAccount();
  const refresh = useRefresh();
  const reading = account.reading;
  const health = healthNotice(account, status.checks.staleAfterMinutes);
  return (
    <>
      {reading === null ? (
        <p className="muted">No balance read from your provider yet.</p>
      ) : (
        <>
          <p className="balance-big">
            <Money pence={reading.balance} testId="balance-now" />
          </p>
          <p className="muted">at {formatDateTime(reading.datetime)} (your provider&apos;s time)</p>
        </>
      )}
      <p className="checked" data-testid="checked-ago">
        <span>{checkedWords(account, status.now.epochSeconds)}</span>{' '}
        <button
          type="button"
          onClick={() => {
            refresh.mutate(true);
          }}
          disabled={refresh.isPending}
        >
          {refresh.isPending ? 'Checking…' : 'Refresh'}
        </button>
      </p>
      {refresh.error && <p className="field-error">Could not refresh: {refresh.error.message}</p>}
      {health !== undefined && (
        <Notice tone={account.state === 'ok' ? 'warning' : 'error'} title={health.title} headingLevel={3}>
          <p data-testid="account-health">{health.text}</p>
        </Notice>
      )}
    </>
  );
}
