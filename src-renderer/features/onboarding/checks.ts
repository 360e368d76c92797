// What onboarding checks before it asks the service (a key's length and characters, an address
// that can be one), and a failed connection in words with the next step.
import type { ConnectRequest } from '../../../src-shared/app-api.ts';
import { accepted, refused, type Checked } from '../../../src-shared/checked.ts';
import { API_KEY_LENGTH, apiKeyProblem } from '../../../src-shared/limits.ts';
import { parsePounds } from '../../../src-shared/money/parse-pounds.ts';
import { sentence } from '../../../src-shared/sentence.ts';
import { ApiError } from '../../api/client.ts';
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

/** A key pasted as one this app knows: sent trimmed. */
export function checkKey({ key }: { key: string }): Checked<string, 'key'> {
  const problem = keyProblem(key);
  return problem === undefined ? accepted(key.trim()) : refused(problem, 'key');
}

export interface ConnectForm {
  url: string;
  providerKey: string;
  name: string;
}

/** The address and key checked here first; the address is sent as typed (a scheme is asked for, never guessed). */
export function checkConnect(form: ConnectForm): Checked<ConnectRequest, 'url' | 'providerKey'> {
  const fields = { url: addressProblem(form.url), providerKey: keyProblem(form.providerKey) };
  const first = fields.url ?? fields.providerKey;
  if (first !== undefined) return { ok: false, problem: first, fields };
  const name = form.name.trim();
  return accepted({ baseUrl: form.url.trim(), key: form.providerKey.trim(), ...(name === '' ? {} : { name }) });
}

/** The key given to connect is one this app already knows (its own code; a name in use is `name_taken`). */
export function isKeyConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'key_in_use';
}

export interface LocalAccountForm {
  name: string;
  opening: string;
}

/**
 * A new local account: the name is optional (a new user who just presses the button still gets
 * an account), the opening balance too; typed in pounds, zero or below zero allowed.
 */
export function checkLocalAccount(
  form: LocalAccountForm,
): Checked<{ name: string; openingBalance?: string }, 'name' | 'opening'> {
  const balance = form.opening.trim() === '' ? undefined : parsePounds(form.opening, { signed: true, zero: true });
  if (balance?.ok === false) return refused(balance.problem, 'opening');
  const name = form.name.trim() === '' ? DEFAULT_ACCOUNT_NAME : form.name.trim();
  return accepted(balance === undefined || balance.value === '0' ? { name } : { name, openingBalance: balance.value });
}
