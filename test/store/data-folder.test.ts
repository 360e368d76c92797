// The data folder (issue 26): made owner-only, tightened to the owner's bits with its files on
// every start, and refused in one line when it belongs to another user or others may write it
// (then nothing in it is touched).
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databasePath, openStore, StoreError } from '../../src-main/store/index.ts';
import { tempDir } from '../helpers/service.ts';

const posix = process.platform !== 'win32';
const root = process.getuid?.() === 0;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) {
    chmodSync(d, 0o700);
    rmSync(d, { recursive: true, force: true });
  }
});

function folder(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}

const mode = (path: string): number => statSync(path).mode & 0o777;
const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

let keys = 0;
/** Opens the store, writes once and closes it, as a start does. */
function start(dir: string): void {
  const store = openStore(dir, { watch: false });
  store.accounts.createRemote('p', 'https://p.example/', Buffer.alloc(32, ++keys), 'hint', 0);
  store.close();
}

function refusal(dir: string): string {
  let caught: unknown;
  try {
    start(dir);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(StoreError);
  const message = (caught as Error).message;
  expect(message).not.toContain('\n');
  return message;
}

describe.skipIf(!posix)("the data folder (POSIX modes and owners; on Windows the profile folder's ACLs decide)", () => {
  it('is made owner-only, and so is the database with its -wal and -shm files', () => {
    const dir = join(folder(), 'new', 'data');
    const store = openStore(dir, { watch: false });
    store.accounts.createRemote('p', 'https://p.example/', Buffer.alloc(32, 3), 'hint', 0);
    expect(mode(dir)).toBe(0o700);
    for (const suffix of ['', '-wal', '-shm']) expect(mode(`${databasePath(dir)}${suffix}`), suffix).toBe(0o600);
    store.close();
  });

  it('made by the user with 0755 and 0644 files is tightened to 0700 and 0600 at the next start', () => {
    const dir = folder();
    start(dir);
    chmodSync(dir, 0o755);
    chmodSync(databasePath(dir), 0o644);
    writeFileSync(join(dir, 'desktop.json'), '{}', { mode: 0o644 });
    chmodSync(join(dir, 'desktop.json'), 0o644);
    mkdirSync(join(dir, 'desktop-profile'), { mode: 0o755 });
    chmodSync(join(dir, 'desktop-profile'), 0o755);
    start(dir);
    expect(mode(dir)).toBe(0o700);
    expect(mode(databasePath(dir))).toBe(0o600);
    expect(mode(join(dir, 'desktop.json'))).toBe(0o600);
    expect(mode(join(dir, 'desktop-profile'))).toBe(0o700);
  });

  it('a read-only folder stays read-only (0555 becomes 0500)', () => {
    const dir = folder();
    start(dir);
    chmodSync(databasePath(dir), 0o444);
    chmodSync(dir, 0o555);
    try {
      openStore(dir, { watch: false }).close();
    } catch {
      // As root the folder is writable whatever its mode; as a user it opens read-only. Either way:
    }
    expect(mode(dir)).toBe(0o500);
    expect(mode(databasePath(dir))).toBe(0o400);
  });

  it.each([0o775, 0o757, 0o777])(
    'writable by others (mode %o) is refused in one line, and nothing in it is touched',
    (m) => {
      const dir = folder();
      start(dir);
      const before = sha(databasePath(dir));
      chmodSync(databasePath(dir), 0o644);
      chmodSync(dir, m);
      expect(refusal(dir)).toMatch(/can be written by other users .*chmod 700/);
      expect(mode(dir)).toBe(m);
      expect(mode(databasePath(dir))).toBe(0o644);
      expect(sha(databasePath(dir))).toBe(before);
    },
  );

  it.skipIf(!root)('belonging to another user is refused in one line (as root: chown to nobody)', () => {
    const dir = folder();
    start(dir);
    chmodSync(dir, 0o700);
    chownSync(dir, 65534, 65534);
    try {
      expect(refusal(dir)).toMatch(/belongs to another user \(uid 65534\)/);
    } finally {
      chownSync(dir, 0, 0);
    }
  });

  it.skipIf(!root)(
    'holding a database that belongs to another user is refused in one line (as root: chown to nobody)',
    () => {
      const dir = folder();
      start(dir);
      chownSync(databasePath(dir), 65534, 65534);
      expect(refusal(dir)).toMatch(/holds account-monitor\.sqlite, which belongs to another user/);
    },
  );
});
