// What can go wrong when asking the provider, in the words the local API answers with (design
// brief point 10). Messages never carry the key or the request URL (the key is in its query),
// and are cut and made inert here, where they are made (providerText): whatever quotes one (an
// answer, an observation, a log line, the tray) never sees a provider's long or escaped text.
import { providerText } from '../../src-shared/quote.ts';

export type ProviderErrorCode =
  /** Connection refused, DNS, TLS failure, or no connection within the connect deadline. */
  | 'provider_unreachable'
  /** Connected, but no whole answer within the answer deadline (a trickling body included). */
  | 'provider_timeout'
  /** An answer that is not the spec's: wrong status, not XML, DOCTYPE, wrong shape, too big, a redirect elsewhere. */
  | 'provider_bad_answer'
  /** The provider refused the key (HTTP 403). */
  | 'invalid_key'
  /** The base URL itself is unusable (not a URL, not https for a non-loopback host, has a query). */
  | 'invalid_url';

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly code: ProviderErrorCode;
  /** Seconds the provider asked us to wait (Retry-After), when it said so. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ProviderErrorCode, message: string, retryAfterSeconds?: number) {
    super(providerText(message));
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
