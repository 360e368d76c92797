// What can go wrong when asking the provider, in the words the local API answers with (design
// brief point 10). Messages never carry the key or the request URL (the key is in its query).

import type { ProviderErrorCode } from '../../src-shared/vocabulary.ts';

export type { ProviderErrorCode };

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly code: ProviderErrorCode;
  /** Seconds the provider asked us to wait (Retry-After), when it said so. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ProviderErrorCode, message: string, retryAfterSeconds?: number) {
    super(message);
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
