// One app per data folder. The desktop app, `serve` and the headless `npm start` (which runs
// `serve`) each take an exclusive lock on the folder before they open it; a second one finds
// the lock held and says where the first one's UI is. Two on one folder would each run the
// monitor, storing and pushing every alert twice.
//
// The lock is SQLite's own: `instance.lock` is an empty database held in an exclusive
// transaction for the life of the process (BEGIN EXCLUSIVE, never
// committed). SQLite takes it with fcntl() locks on Linux and macOS and LockFileEx() on Windows,
// which the OS drops when the process ends, however it ends (a crash, kill -9, a power cut):
// nothing stale can block a start, and no process id is ever guessed at. better-sqlite3 is
// already here, built for Node and Electron alike; lock-file packages (proper-lockfile,
// lockfile) leave a file or folder that a dead process never removes, and the native flock
// bindings (fs-ext, os-lock) would be one more addon to build for both runtimes.
//
// `running.json` beside it says who holds the lock and where its UI is (process id, which app,
// address); it is written by the holder only, so a file left by a dead process is merely
// overwritten by the next holder and never read as proof that anything runs.
import Database from 'better-sqlite3';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOwnerOnly, secureDataFolder } from './data-folder.ts';
import { readRunning, RUNNING_FILE, runningUrl, type Holder, type Running } from './running-file.ts';

export const LOCK_FILE = 'instance.lock';

/** The data folder held by this process until it ends (or `release`). */
export interface DataFolderClaim {
  /** Says where this process's UI is now (undefined: nowhere yet, or its port is off). */
  announce(url: string | undefined): void;
  /** Lets the folder go (at stop; the OS does it anyway when the process ends). */
  release(): void;
}

export type ClaimOutcome = { held: true; claim: DataFolderClaim; note?: string } | { held: false; message: string };

/**
 * How long a claim waits for the lock. Two apps started at the same moment both take SQLite's
 * shared lock on the way to the exclusive one, and each then finds the other's: with no wait
 * (or in locking_mode EXCLUSIVE, which keeps a failed step's shared lock) both gave up and
 * neither served. In the normal mode a failed step lets its shared lock go before it waits, so
 * the other's wait ends in the lock. It is also how long a second app takes to say the folder
 * is taken.
 */
const CLAIM_WAIT_MS = 1000;

/** Claims kept referenced for the life of the process: a collected connection would drop its lock. */
const claims = new Set<Database.Database>();

/** What a second app on the folder says: where the first one's UI is, as far as it said. */
function alreadyRunning(dataDir: string): string {
  const running = readRunning(dataDir);
  const url = runningUrl(running);
  if (url !== undefined) return `Account Monitor is already running: UI at ${url}`;
  const pid = typeof running?.pid === 'number' && Number.isInteger(running.pid) ? ` (process ${running.pid})` : '';
  return running?.app === 'desktop'
    ? `Account Monitor is already running on this data folder: the desktop app${pid} has it open; use its window (its local API is off)`
    : `Account Monitor is already running on this data folder${pid}; it has not said where its UI is yet: try again in a moment`;
}

/**
 * Takes the data folder for this process (made and checked as the store does first), or says
 * who has it. A folder that cannot be written is served read-only without a lock: nothing can
 * be stored there, so nothing is stored or pushed twice.
 */
export function claimDataFolder(dataDir: string, app: Holder): ClaimOutcome {
  secureDataFolder(dataDir);
  const file = join(dataDir, LOCK_FILE);
  createOwnerOnly(file);
  let db: Database.Database;
  try {
    db = new Database(file, { timeout: CLAIM_WAIT_MS });
  } catch (error: unknown) {
    return unlocked(error);
  }
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error: unknown) {
    db.close();
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')))
      return { held: false, message: alreadyRunning(dataDir) };
    return unlocked(error);
  }
  claims.add(db);
  const running = join(dataDir, RUNNING_FILE);
  const write = (url: string | null): void => {
    try {
      writeFileSync(running, JSON.stringify({ pid: process.pid, app, url } satisfies Running), { mode: 0o600 });
    } catch {
      // The lock holds without it: a second app then cannot say where this one's UI is.
    }
  };
  // At once, so that a second app never reads a file an earlier, dead holder left.
  write(null);
  let released = false;
  return {
    held: true,
    claim: {
      announce: (url) => {
        if (!released) write(url ?? null);
      },
      release: () => {
        if (released) return;
        released = true;
        if (readRunning(dataDir)?.pid === process.pid) rmSync(running, { force: true });
        claims.delete(db);
        db.close();
      },
    },
  };
}

function unlocked(error: unknown): ClaimOutcome {
  const why = error instanceof Error ? error.message : String(error);
  return {
    held: true,
    claim: { announce: () => undefined, release: () => undefined },
    note: `the data folder's lock could not be taken (${why}): a second app on this folder would not be noticed`,
  };
}
