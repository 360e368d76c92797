// The access token of the TCP mount (the app API and the UI): kept in the data folder, readable by
// its owner only, so that an open tab and a bookmarked address keep working when the service
// restarts; `serve --new-token` replaces it, and every page holding the old one must sign in again.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { messageOf } from '../../src-shared/message-of.ts';

export const TOKEN_FILE = 'access-token';
const TOKEN_TEXT = /^[A-Za-z0-9_-]{32,128}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

// Opened without following a link (whoever could put one there could point it anywhere) and
// without waiting on a FIFO; every check is then made on what was opened, so nothing can be
// swapped between the check and the read.
// (Windows has neither flag, nor links a user can make without privileges.)
const OPEN_FLAGS =
  process.platform === 'win32' ? constants.O_RDONLY : constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** The kept token, or undefined when there is none (or it cannot be trusted: a link, not ours, not a file, not a token). */
function readKept(file: string, log: (line: string) => void): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP')
      log(`access token: ${file} is a symbolic link; making a new token`);
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    const uid = process.getuid?.();
    if (!stat.isFile() || (uid !== undefined && stat.uid !== uid)) {
      log(`access token: ${file} is not a file of this user; making a new token`);
      return undefined;
    }
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      // Others could read it: the token is no longer a secret.
      log(`access token: ${file} was readable by other users; making a new token`);
      return undefined;
    }
    if (stat.size > 1024) return undefined;
    const text = readFileSync(fd, 'utf8').trim();
    return TOKEN_TEXT.test(text) ? text : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The kept token, only read (never made, never replaced): what a local client of the service
 * sends (`status --follow` asks the change feed with it). Undefined when there is none to trust.
 */
export function keptToken(dataDir: string): string | undefined {
  return readKept(join(dataDir, TOKEN_FILE), () => undefined);
}

/** Writes the token owner-only, atomically (a half-written file is never read as a token). */
function keep(file: string, token: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${token}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * The token kept in `dataDir` (made and kept there when there is none yet, or when `rotate`).
 * Where the folder cannot be written, a token for this run only, and a log line saying so.
 */
export function accessToken(dataDir: string, options: { rotate?: boolean; log: (line: string) => void }): string {
  const file = join(dataDir, TOKEN_FILE);
  if (options.rotate !== true) {
    const kept = readKept(file, options.log);
    if (kept !== undefined) return kept;
  }
  const token = newToken();
  try {
    keep(file, token);
  } catch (err) {
    options.log(`access token: cannot keep it in ${dataDir} (${messageOf(err)}); it changes at every start`);
  }
  return token;
}
