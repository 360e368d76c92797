// Black-box helpers for the reliability suites: the real CLI and server in child processes,
// temporary data folders, and a look at the SQLite file the way a recovering user would.
import { chmodSync, mkdtempSync, openSync, readSync, closeSync, readdirSync, rmSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { cli, startListening, CLI, BENCH_ENV, type CliResult, type Started } from '../../../bench/lib/procs.ts';

export { stop, sleep } from '../../../bench/lib/procs.ts';
export type { Started, CliResult };

export const FAR_FUTURE = '2035-01-01';

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `am-rel-${prefix}-`));
  // Readable by other users too: the hostile-environment suite runs the CLI as "nobody".
  chmodSync(dir, 0o755);
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Runs the CLI against a data folder (flag and environment both say which). */
export function run(dataDir: string, args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
  return cli([...args, '--data-dir', dataDir], { ACCOUNT_MONITOR_DATA_DIR: dataDir, ...extraEnv });
}

export async function runOk(dataDir: string, args: string[]): Promise<string> {
  const r = await run(dataDir, args);
  if (r.code !== 0) throw new Error(`${args.join(' ')} failed (${r.code ?? '?'}): ${r.stderr}`);
  return r.stdout.trim();
}

export async function createAccount(dataDir: string, name: string): Promise<string> {
  const out = await runOk(dataDir, ['account', 'create', name]);
  return out.split('\n').pop()?.trim() ?? '';
}

export function serve(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Started> {
  return startListening([CLI, 'serve', '--port', '0', '--data-dir', dataDir], {
    ...BENCH_ENV,
    ACCOUNT_MONITOR_DATA_DIR: dataDir,
    ...extraEnv,
  });
}

/** The balance's decimal out of an XML answer or a CLI line. */
export function balanceFrom(text: string): string {
  const tag = /<balance>([^<]*)<\/balance>/.exec(text);
  if (tag?.[1] !== undefined) return tag[1];
  const nums = text.match(/-?\d+(?:\.\d+)?/g);
  const last = nums?.[nums.length - 1];
  if (last === undefined) throw new Error(`no balance in: ${text}`);
  return last;
}

export async function cliBalance(dataDir: string, key: string, at = FAR_FUTURE): Promise<string> {
  return balanceFrom(await runOk(dataDir, ['balance', '--key', key, '--at', at]));
}

const MAGIC = 'SQLite format 3\u0000';

/** Every SQLite database file in a folder (found by its header, not guessed by name). */
export function databases(dataDir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dataDir, name);
    try {
      const fd = openSync(path, 'r');
      const head = Buffer.alloc(16);
      readSync(fd, head, 0, 16, 0);
      closeSync(fd);
      if (head.toString('latin1') === MAGIC) found.push(path);
    } catch {
      // A folder or an unreadable file is not a database.
    }
  }
  return found;
}

export function integrityCheck(dbPath: string): string {
  const db = new Database(dbPath);
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** One clear line: no stack trace, no multi-screen dump. */
export function isClearError(stderr: string): boolean {
  const lines = stderr
    .trim()
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines.length >= 1 && lines.length <= 3 && !/^\s+at .+:\d+:\d+\)?$/m.test(stderr);
}
