// Every account of this app, local or connected, as the service and the CLI reach them: the
// source a key opens, an account's overview, and connecting to or disconnecting from a provider.
// Implemented by src-main/remote (the one room that knows both kinds); declared here so that the
// service and the CLI depend on the domain's words only.
import type { AccountKind, AccountState } from '../../src-shared/vocabulary.ts';
import type { AccountSource } from './account-source.ts';

/** What the app knows about an account: its kind and, for a connected one, its latest check. */
export interface AccountOverview {
  id: number;
  name: string;
  kind: AccountKind;
  baseUrl: string | null;
  /** Where the app keeps its key (the keychain entry is named after it). */
  vaultRef: string;
  /** The app keeps the key: the window shows the account and background checks use it. */
  keyKept: boolean;
  state: AccountState;
  /** The provider last answered longer ago than the stale threshold. */
  stale: boolean;
  /** Epoch seconds of the latest check, whatever came of it; null for a local account. */
  lastCheckedAt: number | null;
  /** Epoch seconds of the latest answer from the provider; null for a local account. */
  lastAnsweredAt: number | null;
  /** What went wrong at the latest check (never the key); null when it went well. */
  problem: string | null;
  /** The latest balance a check read, as the provider wrote it. */
  reading: { balance: string; datetime: string; at: number } | null;
}

export interface ConnectInput {
  baseUrl: string;
  key: string;
  name?: string | undefined;
}

export interface Connected {
  accountId: number;
  /** The provider's answer to the first check. */
  balance: string;
  datetime: string;
  /** The account was connected before with this key and was brought back, history kept. */
  reconnected: boolean;
}

export interface Accounts {
  /** The account a request's key opens; DomainError missing_key / invalid_key (unknown, revoked, disconnected). */
  forKey(key: string | undefined): AccountSource;
  overview(accountId: number): AccountOverview | undefined;
  /** Every account not disconnected, oldest first. */
  list(): AccountOverview[];
  /** Checks the key with the provider (get_balance and get_notification_settings) and stores the account; nothing is stored on failure. */
  connect(input: ConnectInput): Promise<Connected>;
  /** A connected account's key is refused locally from now on (reconnecting later with it works). */
  disconnect(accountId: number): void;
  /** Checks a connected account now (`force`: the user asked, so the backoff is skipped; Retry-After is not). */
  refresh(accountId: number, key: string, force: boolean): Promise<void>;
  /** The app keeps (or stops keeping) the account's key. */
  keepKey(accountId: number, kept: boolean): void;
}
