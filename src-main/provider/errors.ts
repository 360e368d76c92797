// What can go wrong when asking the provider, in the words the local API answers with (design
// brief point 10). Messages never carry the key or the request URL (the key is in its query),
// and are cut and made inert here, where they are made (providerText): whatever quotes one (an
// answer, an observation, a log line, the tray) never sees a provider's long or escaped text.
import { providerText } from '../../src-shared/quote.ts';

import type { ProviderErrorCode } from '../../src-shared/vocabulary.ts';

export type { ProviderErrorCode };

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
