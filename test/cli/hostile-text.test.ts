// C1 controls (U+0080-U+009F) and bidirectional overrides and isolates (U+202A-U+202E,
// U+2066-U+2069) in text a user or a script gives: refused in account names and ledger notes,
// as C0 controls are; and text kept before that rule (written into the database directly here)
// is stripped wherever it is shown back: `ledger list`, `surprises --threshold`, the monitor's
// alerts and every channel they reach; `account connect` refuses such a name and a reconnect
// prints a kept one stripped. The one rule is src-shared/quote.ts's.
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountNameOf } from '../../src-shared/limits.ts';
import { noteOf } from '../../src-shared/ledger-rules.ts';
import { escapeControls, hasControlCharacters, plainText, quote } from '../../src-shared/quote.ts';
import { DATABASE_FILE } from '../../src-main/store/index.ts';
import { startService, tempDir, type TestService } from '../helpers/service.ts';
import { PROVIDER_KEY, startProvider } from '../remote/helpers.ts';

const MAIN = join(import.meta.dirname, '../../bin/account-monitor.js');
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** One of each kind the review named: C1 (NEL, CSI), an embedding, an override, an isolate. */
const HOSTILE = ['\u0085', '\u009b31m', '\u202a', '\u202e', '\u2066', '\u2069'];

let dir: string;
beforeAll(() => {
  dir = tempDir('am-hostile-text-');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

const env = (): NodeJS.ProcessEnv => ({
  ...process.env,
  ACCOUNT_MONITOR_DATA_DIR: dir,
  ACCOUNT_MONITOR_NOW: '2026-11-22T10:35:00',
  ACCOUNT_MONITOR_TZ: 'Europe/London',
  ACCOUNT_MONITOR_KEY: '',
  ACCOUNT_MONITOR_KEYCHAIN: 'off',
});

function cli(args: string[]): Run {
  const r = spawnSync(process.execPath, [MAIN, ...args], { env: env(), encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI without blocking this process (a provider answers from here); the key is the provider's. */
function cliAsync(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env: { ...env(), ACCOUNT_MONITOR_KEY: PROVIDER_KEY } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('close', (status) => {
      resolve({ status, stdout, stderr });
    });
  });
}

/** Writes as an earlier version could have: straight into the database. */
function writeRaw(sql: string, ...params: unknown[]): void {
  const db = new Database(join(dir, DATABASE_FILE));
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

describe('the rules refuse C1 controls and direction overrides', () => {
  it.each(HOSTILE)('in an account name and a ledger note: %j', (bad) => {
    expect(accountNameOf(`Host${bad}ing`)).toBeUndefined();
    expect(noteOf(`paid${bad}gpj.exe`).ok).toBe(false);
    const created = cli(['account', 'create', `Host${bad}ing`]);
    expect(created.status).toBe(1);
    expect(created.stderr).toContain('an account name is 1 to 200 printable characters');
    expect(created.stderr).not.toMatch(RAW);
    const key = cli(['account', 'create', 'Plain']).stdout.trim();
    const note = cli(['ledger', 'add', '--key', key, '--at', 'now', '--amount', '100', '--note', `x${bad}y`]);
    expect(note.status).toBe(1);
    expect(note.stderr).toContain('control characters');
    expect(note.stderr).not.toMatch(RAW);
  });

  it('keeps what was allowed: tabs and line feeds in a note, any printable name', () => {
    expect(noteOf('line one\nline two\tend').ok).toBe(true);
    expect(accountNameOf('  Mon hébergement — 東京  ')).toBe('Mon hébergement — 東京');
    expect(hasControlCharacters('a\u200bb')).toBe(false);
  });

  it('quote escapes them (what was typed stays visible), plainText strips them', () => {
    expect(quote('a\u202eb\u0085c\u001b')).toBe('"a\\u202eb\\x85c\\x1b"');
    expect(escapeControls('\u2066x\u2069')).toBe('\\u2066x\\u2069');
    expect(plainText('evil\u202Etxt.exe')).toBe('evil txt.exe');
    expect(plainText('a\n\u0085b', true)).toBe('a\n b');
  });
});

describe('text kept before the rule is stripped where it is shown back', () => {
  it('ledger list prints no raw control character', () => {
    const key = cli(['account', 'create', 'Legacy']).stdout.trim();
    expect(cli(['ledger', 'add', '--key', key, '--at', 'now', '--amount', '100', '--note', 'fine']).status).toBe(0);
    writeRaw("UPDATE ledger_entries SET note = ? WHERE note = 'fine'", `paid\u202Egpj.exe\u0085\u009b2J\ttab\nline`);
    const listed = cli(['ledger', 'list', '--key', key]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).not.toMatch(RAW);
    expect(listed.stdout).toContain('paid gpj.exe 2J\ttab\nline');
  });

  it('account connect refuses such a name; surprises --threshold and a reconnect print a kept one stripped', async () => {
    const provider = await startProvider();
    try {
      const base = `${provider.base}/`;
      const refused = await cliAsync(['account', 'connect', base, '--name', 'My\u202Ehost']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('an account name is 1 to 200 printable characters');
      const connected = await cliAsync(['account', 'connect', base, '--name', 'My host']);
      expect(connected.stdout).toMatch(/^Connected "My host": balance/);
      writeRaw("UPDATE accounts SET name = ? WHERE name = 'My host'", 'My\u202Ehost\u0085');
      const threshold = await cliAsync(['surprises', '--key', PROVIDER_KEY, '--threshold', '5']);
      expect(threshold.status).toBe(0);
      expect(threshold.stdout).not.toMatch(RAW);
      expect(threshold.stdout).toMatch(/^"My host ": a fall of more than £5\.00/);
      expect((await cliAsync(['account', 'disconnect', 'My\u202Ehost\u0085'])).status).toBe(0);
      const again = await cliAsync(['account', 'connect', base]);
      expect(again.stdout).not.toMatch(RAW);
      expect(again.stdout).toMatch(/^Reconnected "My host": balance/);
    } finally {
      await provider.close();
    }
  });
});

describe('an alert for an account named before the rule', () => {
  let service: TestService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it('reaches the alert list and every channel without the control characters', async () => {
    service = await startService({ notify: { terminal: true } });
    const { app } = service;
    await app.startBackground();
    const { accountId } = app.domain.createAccount('Hosting');
    app.domain.updateSettings(accountId, { warningEnabled: true, warningLevel: 2000 });
    const db = new Database(join(service.dataDir, DATABASE_FILE));
    db.prepare('UPDATE accounts SET name = ? WHERE id = ?').run('Host\u202Eing\u009b31m', accountId);
    db.close();
    app.store.invalidate();
    await app.monitor.refresh();
    const [alert] = app.alerts.recent(1);
    expect(alert?.accountName).toBe('Host ing 31m');
    const line = service.logs.find((l) => l.startsWith('alert: '));
    expect(line).toContain('"Host ing 31m"');
    expect(line).not.toMatch(RAW);
  });
});
