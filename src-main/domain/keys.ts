// API keys: generated ones are 256 random bits in base64url (URL-safe, no escaping needed in a
// query string); registered ones are whatever the provider issued, within sane bounds. Only a
// SHA-256 hash is stored: keys are high-entropy secrets, so a fast hash is enough.
import { createHash, randomBytes } from 'node:crypto';
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

const PRINTABLE_ASCII = /^[\x20-\x7e]{16,256}$/;

/** A key a user registers: printable ASCII, 16 to 256 characters. */
export function checkUserKey(key: string): string {
  if (!PRINTABLE_ASCII.test(key)) {
    throw new DomainError('invalid_key', 'a key must be 16 to 256 printable ASCII characters');
  }
  return key;
}
