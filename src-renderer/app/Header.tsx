// The window's header: the brand, and once an account is shown, the account switcher (a choice
// when there are several, and a way to add another), the links to its panels and the alerts'
// unread count (a link to the Alerts panel).
import type { AccountSummary } from '../../src-shared/app-api.ts';
import { unreadOf, useAlerts } from '../features/alerts/alert-data.ts';

export function Header({
  accounts,
  current,
  choose,
  add,
}: {
  /** The accounts to switch between; undefined while none is shown (onboarding, sign-in, a problem). */
  accounts: AccountSummary[] | undefined;
  current: AccountSummary | undefined;
  choose: (id: number) => void;
  add: () => void;
}) {
  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          £
        </span>
        <span className="brand-name">Account Monitor</span>
      </div>
      {accounts !== undefined && current !== undefined && (
        <>
          <AccountSwitcher accounts={accounts} current={current} choose={choose} add={add} />
          {current.key !== 'invalid' && <Nav account={current} named={accounts.length <= 1} />}
        </>
      )}
    </header>
  );
}

function AccountSwitcher({
  accounts,
  current,
  choose,
  add,
}: {
  accounts: AccountSummary[];
  current: AccountSummary;
  choose: (id: number) => void;
  add: () => void;
}) {
  return (
    <div className="account-switcher">
      {accounts.length > 1 && (
        <>
          <label htmlFor="account-choice">Account</label>
          <select
            id="account-choice"
            value={current.id}
            onChange={(e) => {
              choose(Number(e.target.value));
            }}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.kind === 'remote' ? ' (provider)' : ''}
              </option>
            ))}
          </select>
        </>
      )}
      <button type="button" className="link-button" onClick={add}>
        Add account
      </button>
    </div>
  );
}

/** `named`: the account's name is said here (with several, the switcher's choice already says it). */
function Nav({ account, named }: { account: AccountSummary; named: boolean }) {
  return (
    <nav aria-label="Panels" className="app-nav">
      <a href="#dashboard">Dashboard</a>
      {account.kind === 'local' && <a href="#ledger">Ledger</a>}
      <a href="#settings">Settings</a>
      <a href="#local-api">Local API</a>
      <AlertsLink />
      {named && <span className="account-name">Account: {account.name}</span>}
    </nav>
  );
}

/** "Alerts" with the unread count over every account as a badge (none while there is nothing unread). */
function AlertsLink() {
  const alerts = useAlerts();
  const unread = unreadOf(alerts.data) ?? 0;
  return (
    <a href="#alerts" data-testid="alerts-link">
      Alerts
      {unread > 0 && (
        <span className="badge" data-testid="unread-badge">
          {' '}
          {unread}
          <span className="visually-hidden"> unread</span>
        </span>
      )}
    </a>
  );
}
