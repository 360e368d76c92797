// Every keychain call runs under a deadline: a locked keyring on a machine with a display can
// wait forever for a password prompt nobody sees, and the app must not hang with it.
import { asError } from '../../src-shared/message-of.ts';

export class KeychainTimeoutError extends Error {
  readonly timeoutMs: number;
  constructor(what: string, timeoutMs: number) {
    super(
      `the keychain did not answer ${what} within ${formatSeconds(timeoutMs)} (it may be locked and waiting for a password)`,
    );
    this.name = 'KeychainTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

export function formatSeconds(ms: number): string {
  return `${String(Math.round(ms) / 1000)} s`;
}

/**
 * Runs `call` with an AbortSignal that fires at the deadline, and settles at the deadline even if
 * the call ignores the signal (a native call blocked in D-Bus may not notice it).
 */
export function withTimeout<T>(what: string, timeoutMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new KeychainTimeoutError(what, timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
    let pending: Promise<T>;
    try {
      pending = call(controller.signal);
    } catch (error: unknown) {
      clearTimeout(timer);
      reject(toError(error));
      return;
    }
    pending.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toError(error));
      },
    );
  });
}

export function toError(error: unknown): Error {
  return asError(error);
}
