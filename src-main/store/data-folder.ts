// The data folder holds the ledgers, the providers' addresses, the hashes of the keys and the
// access token. Whoever can write it can swap the database (and point a connected account's
// address at their own listener, which then receives the key), and whoever can read it can read
// the token. So on every start, before anything is read from it:
// - it is made if missing, owner-only (0700);
// - it is refused, in one line, if it belongs to another user or other users may write it (they
//   may already have changed what is in it: the user checks, then tightens it);
// - it and everything directly in it are tightened to the owner's own bits (a folder the user
//   made with 0755 becomes 0700, its files 0600; a read-only one stays read-only, 0500/0400).
// POSIX permissions only: on Windows the folder is made and used as it is (ACLs are the
// user profile's).
import { chmodSync, closeSync, constants, lstatSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StoreError } from './store-error.ts';

const POSIX = process.platform !== 'win32';

function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(3, '0');
}

/**
 * Drops the group's and others' bits. A file system that cannot change modes (read-only) is left
 * as it is, and so is a file another process removed meanwhile (SQLite's -wal and -shm go when
 * the last connection closes).
 */
function tighten(path: string, mode: number): void {
  if ((mode & 0o077) === 0) return;
  try {
    chmodSync(path, mode & 0o700);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EROFS' && code !== 'EPERM' && code !== 'ENOENT') throw err;
  }
}

/** Makes, checks and tightens the data folder (see above); throws a StoreError saying what is wrong. */
export function secureDataFolder(dataDir: string): void {
  let stat;
  try {
    stat = statSync(dataDir, { throwIfNoEntry: false });
    if (stat === undefined) {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      stat = statSync(dataDir);
    }
  } catch (err) {
    throw new StoreError(`cannot create the data folder ${dataDir}: ${(err as Error).message}`);
  }
  if (!stat.isDirectory()) throw new StoreError(`data folder ${dataDir} is not a folder`);
  if (!POSIX) return;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid)
    throw new StoreError(
      `the data folder ${dataDir} belongs to another user (uid ${stat.uid}); refusing to use it: choose your own folder with --data-dir`,
    );
  if ((stat.mode & 0o022) !== 0)
    throw new StoreError(
      `the data folder ${dataDir} can be written by other users (mode ${octal(stat.mode)}), who could have replaced its database; check its contents, then run: chmod 700 ${dataDir}`,
    );
  try {
    tighten(dataDir, stat.mode);
    for (const name of readdirSync(dataDir)) {
      const path = join(dataDir, name);
      const entry = lstatSync(path, { throwIfNoEntry: false });
      // A link is followed by chmod: it is left alone (only the user can have made it here).
      if (entry === undefined || entry.isSymbolicLink()) continue;
      if (uid !== undefined && entry.uid !== uid)
        throw new StoreError(
          `the data folder ${dataDir} holds ${name}, which belongs to another user (uid ${entry.uid}); refusing to use it: check it, then give it back to yourself (chown) or remove it`,
        );
      tighten(path, entry.mode);
    }
  } catch (err) {
    if (err instanceof StoreError) throw err;
    throw new StoreError(`cannot check the data folder ${dataDir}: ${(err as Error).message}`);
  }
}

/**
 * Creates an absent file owner-only (0600) before SQLite opens it, so its -wal and -shm files,
 * which SQLite makes with the database's own mode, are owner-only too. A folder that cannot be
 * written is left to the opening, which says so.
 */
export function createOwnerOnly(file: string): void {
  if (!POSIX) return;
  try {
    closeSync(openSync(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW, 0o600));
  } catch {
    // It exists (tightened above), or the folder is read-only: opening decides what that means.
  }
}
