// A provider's {base_url}: the spec's endpoints hang below it, so it may carry a path prefix
// (https://api.example.net/v1). Plain http is allowed only to loopback hosts: anywhere else the
// key would cross the network in clear, so it is refused before any connection is made.
import { isLoopbackName } from '../../src-shared/loopback.ts';
import { ProviderError } from './errors.ts';

export interface BaseUrl {
  /** Normalised, always ending in "/" (https://api.example.net/v1/). */
  readonly href: string;
  readonly origin: string;
  /** The host as shown to people: the default account name. */
  readonly host: string;
  readonly loopback: boolean;
}

export function parseBaseUrl(text: string): BaseUrl {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ProviderError('invalid_url', 'the provider address is not a URL: write it as https://host/path');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ProviderError('invalid_url', 'the provider address must start with https://');
  }
  if (url.username !== '' || url.password !== '') {
    throw new ProviderError('invalid_url', 'the provider address must not carry a user name or password');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ProviderError(
      'invalid_url',
      'the provider address must not carry a query or fragment: give the base address only',
    );
  }
  const loopback = isLoopbackName(url.hostname);
  if (url.protocol === 'http:' && !loopback) {
    throw new ProviderError(
      'invalid_url',
      `HTTPS is required for ${url.hostname}: plain http would send the key unencrypted (http is allowed only for localhost)`,
    );
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return { href: url.href, origin: url.origin, host: url.host, loopback };
}

/** The URL of one of the spec's endpoints below the base, with an already-encoded query. */
export function endpointUrl(base: BaseUrl, endpoint: 'get_balance' | 'get_notification_settings', query: string): URL {
  return new URL(`account/${endpoint}/?${query}`, base.href);
}
