// Hostile environment: a data folder that cannot be created, one that is read-only, a corrupt
// database file, and a full disk (a tiny tmpfs, where this machine lets us mount one). Each
// ends in one clear error line (or, from the service, an answer that says which), never a
// stack trace, and the database file is never rewritten. A read-only folder is still read.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLedgerCsv } from '../../bench/lib/csv.ts';
import { cli, CLI, BENCH_ENV, ROOT } from '../../bench/lib/procs.ts';
import {
  cliBalance,
  createAccount,
  databases,
  integrityCheck,
  isClearError,
  removeDir,
  run,
  runOk,
  serve,
  sha256,
  stop,
  tempDir,
} from './helpers/service.ts';

const made: string[] = [];
const mounted: string[] = [];
function dirFor(name: string): string {
  const d = tempDir(name);
  made.push(d);
  return d;
}

afterAll(() => {
  for (const m of mounted) spawnSync('umount', [m]);
  for (const d of made) removeDir(d);
});

/** The CLI as an unprivileged user: as root, permission bits alone would not stop anything. */
function runAsNobody(args: string[], dataDir: string): { code: number | null; stderr: string } {
  const asRoot = process.getuid?.() === 0;
  const r = spawnSync(process.execPath, [CLI, ...args, '--data-dir', dataDir], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, ...BENCH_ENV, ACCOUNT_MONITOR_DATA_DIR: dataDir, HOME: '/tmp' },
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  return { code: r.status, stderr: r.stderr };
}

/** `serve` as an unprivileged user (see runAsNobody), until `stop` is called. */
async function serveAsNobody(dataDir: string, token: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const asRoot = process.getuid?.() === 0;
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      ...BENCH_ENV,
      ACCOUNT_MONITOR_DATA_DIR: dataDir,
      ACCOUNT_MONITOR_TOKEN: token,
      ACCOUNT_MONITOR_KEYCHAIN: 'off',
      HOME: '/tmp',
    },
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  let log = '';
  const origin = await new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      log += c;
      const m = /listening on (http:\/\/[^\s/]+)/.exec(log);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.once('exit', (code) => {
      reject(new Error(`serve exited (${code}): ${log}`));
    });
  });
  return { origin, stop: () => stop(child) };
}

function tryMountTmpfs(target: string, size: string): string | undefined {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'needs root to mount a tmpfs';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', target], { stdio: 'pipe' });
    mounted.push(target);
    return undefined;
  } catch (e) {
    return `mount failed: ${String(e).split('\n')[0] ?? ''}`;
  }
}

describe('hostile environment', () => {
  it('a data folder that cannot be created is one clear error', async () => {
    const base = dirFor('nofolder');
    const file = join(base, 'a-file');
    writeFileSync(file, 'not a folder');
    const r = await run(join(file, 'data'), ['account', 'create', 'x']);
    expect(r.code).toBe(1);
    expect(isClearError(r.stderr), r.stderr).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('not a folder');
  });

  it('a missing data folder is created, or refused clearly', async () => {
    const missing = join(dirFor('missing'), 'new', 'deeper');
    const r = await run(missing, ['account', 'create', 'x']);
    if (r.code === 0) {
      expect(databases(missing).length).toBe(1);
    } else {
      expect(r.code).toBe(1);
      expect(isClearError(r.stderr), r.stderr).toBe(true);
    }
  });

  // A folder's mode bits: on Windows a folder's read-only attribute does not stop writes in it.
  it.skipIf(process.platform === 'win32')(
    'a read-only data folder: writes are one clear error, reads still work, the database stays as it was (POSIX modes: on Windows ACLs decide)',
    async () => {
      const data = dirFor('readonly');
      const key = await createAccount(data, 'ro');
      await runOk(data, ['ledger', 'add', '--key', key, '--at', '2026-01-01', '--amount', '1234']);
      const db = databases(data)[0] ?? '';
      const before = sha256(db);
      // The folder is the user's own (a folder of another user is refused: test/store/data-folder.test.ts).
      if (process.getuid?.() === 0)
        for (const name of ['', ...readdirSync(data)]) chownSync(join(data, name), 65534, 65534);
      chmodSync(data, 0o555);
      chmodSync(db, 0o444);
      try {
        const write = runAsNobody(['ledger', 'add', '--key', key, '--at', '2026-01-01', '--amount', '100'], data);
        expect(write.code).toBe(1);
        expect(isClearError(write.stderr), write.stderr).toBe(true);
        expect(write.stderr).toContain('read-only');
        const read = runAsNobody(['balance', '--key', key, '--at', '2030-01-01'], data);
        expect(read.code, read.stderr).toBe(0);
        // The service starts and serves reads; every change says why it cannot be made.
        const token = 'read-only-token-0123456789abcdef';
        const service = await serveAsNobody(data, token);
        try {
          const balance = await fetch(`${service.origin}/account/get_balance/?key=${key}&datetime=2030-01-01`);
          expect(balance.status).toBe(200);
          expect(await balance.text()).toContain('<balance>1234</balance>');
          const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
          // The window may still hold the key (for this session: the folder cannot record it).
          const held = await fetch(`${service.origin}/app/key`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ key }),
          });
          expect(held.status).toBe(200);
          const a = `${service.origin}/app/accounts/${((await held.json()) as { account: { id: number } }).account.id}`;
          expect((await fetch(`${a}/ledger?limit=1`, { headers })).status).toBe(200);
          const add = await fetch(`${a}/ledger`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ at: '2026-02-01', amount: '1' }),
          });
          expect(add.status).toBe(503);
          expect(await add.json()).toMatchObject({ error: { code: 'read_only' } });
          const csv = await fetch(`${a}/import`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'text/csv' },
            body: 'at,amount\n2026-02-02,1\n',
          });
          expect(csv.status).toBe(503);
        } finally {
          await service.stop();
        }
      } finally {
        chmodSync(data, 0o755);
        chmodSync(db, 0o644);
      }
      expect(sha256(db)).toBe(before);
    },
  );

  it('a corrupt database file is one clear error and is never overwritten', async () => {
    const data = dirFor('corrupt');
    await createAccount(data, 'c');
    const db = databases(data)[0] ?? '';
    // Keep the header (so it still looks like SQLite) and wreck everything after it.
    const bytes = readFileSync(db);
    for (let i = 100; i < bytes.length; i++) bytes[i] = (i * 131) & 0xff;
    writeFileSync(db, bytes);
    for (const suffix of ['-wal', '-shm']) if (existsSync(db + suffix)) removeDir(db + suffix);
    const before = sha256(db);
    const cmd = await run(data, ['account', 'create', 'again']);
    expect(cmd.code).toBe(1);
    expect(isClearError(cmd.stderr), cmd.stderr).toBe(true);
    const start = await serve(data).then(
      async (s) => {
        await stop(s.child);
        return 'started';
      },
      (e: unknown) => String(e),
    );
    expect(start).not.toBe('started');
    expect(sha256(db)).toBe(before);

    // A file that is not SQLite at all gets the same treatment.
    writeFileSync(db, 'this is not a database\n'.repeat(100));
    const plain = sha256(db);
    const again = await run(data, ['account', 'create', 'again']);
    expect(again.code).toBe(1);
    expect(isClearError(again.stderr), again.stderr).toBe(true);
    expect(sha256(db)).toBe(plain);
  });

  it('a full disk fails the import clearly and loses nothing that was there', async (ctx) => {
    const mount = dirFor('full');
    const why = tryMountTmpfs(mount, '3m');
    if (why !== undefined) {
      ctx.skip(`skipped: cannot simulate a full disk here (${why})`);
    }
    const data = join(mount, 'data');
    mkdirSync(data);
    const key = await createAccount(data, 'full');
    await runOk(data, ['ledger', 'add', '--key', key, '--at', '2026-01-01', '--amount', '1234']);
    const balance = await cliBalance(data, key);
    const csv = join(dirFor('full-csv'), 'big.csv');
    writeLedgerCsv(csv, {
      lines: 200_000,
      fromEpoch: Date.UTC(2020, 0, 1) / 1000,
      toEpoch: Date.UTC(2026, 0, 1) / 1000,
      amount: 1,
      allTopups: true,
    });
    const r = await cli(['ledger', 'import', csv, '--key', key, '--data-dir', data], {
      ACCOUNT_MONITOR_DATA_DIR: data,
    });
    expect(r.code).toBe(1);
    expect(isClearError(r.stderr), r.stderr).toBe(true);
    expect(r.stderr).toContain('full');
    expect(await cliBalance(data, key)).toBe(balance);
    // The same file sent to the service: it says the disk is full, not "internal error".
    const token = 'full-disk-token-0123456789abcdef';
    const service = await serve(data, { ACCOUNT_MONITOR_TOKEN: token, ACCOUNT_MONITOR_KEYCHAIN: 'off' });
    try {
      const headers = { authorization: `Bearer ${token}` };
      const held = await fetch(`${service.origin}/app/key`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ key }),
      });
      expect(held.status).toBe(200);
      const a = `${service.origin}/app/accounts/${((await held.json()) as { account: { id: number } }).account.id}`;
      const sent = await fetch(`${a}/import`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/csv' },
        body: readFileSync(csv),
      });
      expect(sent.status).toBe(507);
      expect(await sent.json()).toMatchObject({ error: { code: 'disk_full' } });
      expect((await fetch(`${service.origin}/account/get_balance/?key=${key}&datetime=2035-01-01`)).status).toBe(200);
    } finally {
      await stop(service.child);
    }
    expect(await cliBalance(data, key)).toBe(balance);
    expect(integrityCheck(databases(data)[0] ?? '')).toBe('ok');
  });
});
