// What onboarding checks before it asks the service (a key's length and characters, an address
// that can be one), and a failed connection in words with the next step.
import { ApiError, type ClientErrorCode } from '../../api/client.ts';
import { API_KEY_LENGTH, apiKeyProblem } from '../../../src-shared/limits.ts';
import { messageOf } from '../../lib/hooks.ts';

export const DEFAULT_ACCOUNT_NAME = 'My hosting account';

export function keyProblem(key: string): string | undefined {
  const k = key.trim();
  if (k === '') return 'Paste your API key first.';
  const problem = apiKeyProblem(k);
  if (problem === 'length') return `An API key is ${API_KEY_LENGTH.min} to ${API_KEY_LENGTH.max} characters long.`;
  if (problem === 'characters') return 'An API key has no spaces or special characters.';
  return undefined;
}

/** The provider's address as typed: a URL with http(s), or a host (https is assumed). */
export function addressProblem(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return "Type the address of your provider's API first, for example https://api.example.net/v1.";
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? t : `https://${t}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address starts with https://.';
  } catch {
    return 'That is not a web address: write it as https://host/path.';
  }
  return undefined;
}

/** A connection failure in words, with the next step (the service's message says which way it failed). */
export function connectMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return messageOf(error);
  const next: Partial<Record<ClientErrorCode, string>> = {
    key_refused: 'Wrong key: ',
    provider_unreachable: 'Cannot reach the provider: ',
    provider_timeout: 'The provider did not answer in time: ',
    provider_bad_answer: 'Not the account API: ',
  };
  return `${next[error.code] ?? ''}${error.message}`;
}
