// The access token of the TCP mount (the app API and the UI): kept in the data folder, readable by
// its owner only, so that an open tab and a bookmarked address keep working when the service
// restarts; `serve --new-token` replaces it, and every page holding the old one must sign in again.
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TOKEN_FILE = 'access-token';
const TOKEN_TEXT = /^[A-Za-z0-9_-]{32,128}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The kept token, or undefined when there is none (or it cannot be trusted: not ours, not a file, not a token). */
function readKept(file: string, log: (line: string) => void): string | undefined {
  let stat;
  try {
    stat = lstatSync(file);
  } catch {
    return undefined;
  }
  const uid = process.getuid?.();
  if (!stat.isFile() || (uid !== undefined && stat.uid !== uid)) {
    log(`access token: ${file} is not a file of this user; making a new token`);
    return undefined;
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!TOKEN_TEXT.test(text)) return undefined;
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
    // Others could read it: the token is no longer a secret.
    log(`access token: ${file} was readable by other users; making a new token`);
    return undefined;
  }
  return text;
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
    options.log(
      `access token: cannot keep it in ${dataDir} (${err instanceof Error ? err.message : String(err)}); it changes at every start`,
    );
  }
  return token;
}
