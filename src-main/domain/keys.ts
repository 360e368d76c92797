// API keys: generated ones are 256 random bits in base64url (URL-safe, no escaping needed in a
// query string); registered ones are whatever the provider issued, within sane bounds. Only a
// SHA-256 hash is stored: keys are high-entropy secrets, so a fast hash is enough.
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_LENGTH, apiKeyProblem } from '../../src-shared/limits.ts';
import { DomainError } from './errors.ts';

export function generateKey(): string {
  return randomBytes(32).toString('base64url');
}

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Last four characters, for telling keys apart in lists and logs without revealing them. */
export function keyHint(key: string): string {
  return `…${key.slice(-4)}`;
}

/** A key a user registers: printable ASCII without spaces, 16 to 256 characters. */
export function checkUserKey(key: string): string {
  if (apiKeyProblem(key) !== undefined) {
    throw new DomainError(
      'invalid_key',
      `a key must be ${API_KEY_LENGTH.min} to ${API_KEY_LENGTH.max} printable ASCII characters without spaces`,
    );
  }
  return key;
}
