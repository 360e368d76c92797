// What onboarding checks before it asks the service (a key's length and characters, an address
// that can be one), and a failed connection in words with the next step.
import { ApiError } from '../../api/client.ts';
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

/** A scheme in front (`http://`, `https://`): the address says how to reach the provider. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The provider's address as typed: a URL with http(s)://. Without a scheme it is asked about,
 * never assumed: a provider on this computer speaks http, one elsewhere https, and a wrong guess
 * ends in an error about certificates that does not say what to do.
 */
export function addressProblem(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return "Type the address of your provider's API first, for example https://api.example.net/v1.";
  if (!SCHEME.test(t)) {
    return URL.canParse(`http://${t}`)
      ? `Add http:// for a provider on this computer (http://${t}), https:// otherwise (https://${t}).`
      : 'That is not a web address: write it as https://host/path.';
  }
  try {
    const url = new URL(t);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return 'The address starts with https:// (or http:// for a provider on this computer).';
  } catch {
    return 'That is not a web address: write it as https://host/path.';
  }
  return undefined;
}

/**
 * A connection failure in words: the service's sentence (it says which way it failed and the next
 * step, src-main/remote/words.ts), written once, capitalised and ended.
 */
export function connectMessage(error: unknown): string {
  return sentence(messageOf(error));
}

/** Why a key pasted as one this app knows was not taken, with the next step. */
export function knownKeyMessage(error: unknown): string {
  return error instanceof ApiError && error.code === 'invalid_key'
    ? 'The service does not know this key (or it was revoked). Check it and try again; a key from your provider goes in "Connect to your provider".'
    : sentence(messageOf(error));
}

import { sentence } from '../../../src-shared/sentence.ts';

export { sentence };
