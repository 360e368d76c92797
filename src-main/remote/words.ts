// What the app says about a connected account's provider, in words: when it last answered, and
// why a connection attempt failed with the next step to take. Never the key, never the URL with
// its query (the key is in it).
import { formatLocal } from '../dates/wall-clock.ts';
import { ProviderError } from '../provider/errors.ts';
import { timeAgo } from '../../src-shared/time-ago.ts';

/** "the provider last answered at 2026-11-22 10:25:03 (10 minutes ago)". */
export function lastAnsweredWords(lastAnsweredAt: number | null, now: number, timeZone: string): string {
  if (lastAnsweredAt === null) return 'the provider has not answered this app yet';
  return `the provider last answered at ${formatLocal(lastAnsweredAt, timeZone)} (${timeAgo(now - lastAnsweredAt)})`;
}

/** A failure of a forwarded request or a check, with when the provider last answered. */
export function withLastAnswered(error: ProviderError, lastAnswered: string): ProviderError {
  return new ProviderError(error.code, `${error.message}; ${lastAnswered}`, error.retryAfterSeconds);
}

/** Why connecting failed, and what to do about it: wrong key, cannot reach, not this API. */
export function connectFailure(error: ProviderError): string {
  switch (error.code) {
    case 'invalid_key':
      return 'the provider refused this key (it answered 403): check that you copied the whole key, or ask your provider for a new one';
    case 'provider_unreachable':
      return `cannot reach the provider: ${error.message}. Check the address and your connection, then try again`;
    case 'provider_timeout':
      return `the provider did not answer in time: ${error.message}. Try again later`;
    case 'provider_bad_answer':
      return `that address does not answer as the account API does (${error.message}); check the address: it is the part before /account/get_balance/`;
    case 'invalid_url':
      return error.message;
  }
}
