// The connected-accounts room (see README.md): what the composition root, the CLI and the tests use.
export { AppAccounts } from './accounts.ts';
export type { AppAccountsOptions } from './accounts.ts';
export { BackgroundChecks, DEFAULT_CHECK_INTERVAL_MS, MAX_BACKOFF_MS } from './checks.ts';
export type { CheckOutcome, CheckTarget, CheckTimers, ChecksOptions } from './checks.ts';
export { RemoteAccount, surprisesOf } from './remote-account.ts';
export { lastAnsweredWords } from './words.ts';
