// The CLI facing hostile input: messages that echo it show control characters escaped and stay
// under 1 KiB; `key revoke` takes the key from the environment or standard input, out of the
// process list; `ledger list` writes notes a spreadsheet would run as formulas as text, and an
// import reads them back unchanged.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/service.ts';

const MAIN = join(import.meta.dirname, '../../bin/account-monitor.js');
let dir: string;
const env = {
  ...process.env,
  ACCOUNT_MONITOR_NOW: '2026-11-22T10:35:00',
  ACCOUNT_MONITOR_TZ: 'Europe/London',
  ACCOUNT_MONITOR_KEY: '',
};

function cli(
  args: string[],
  options: { input?: string; env?: Record<string, string> } = {},
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    env: { ...env, ACCOUNT_MONITOR_DATA_DIR: dir, ...options.env },
    input: options.input ?? '',
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

let key = '';
beforeAll(() => {
  dir = tempDir();
  key = cli(['account', 'create', 'hostile']).stdout.trim();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ESC = '\u001b';

describe('error messages', () => {
  it.each([
    ['--at', ['ledger', 'add', '--key', 'K', '--at', `${ESC}]0;pwned\u0007${ESC}[2J`, '--amount', '1']],
    ['--kind', ['ledger', 'add', '--key', 'K', '--at', 'now', '--amount', '1', '--kind', `${ESC}[31mred`]],
    ['--amount', ['ledger', 'add', '--key', 'K', '--at', 'now', '--amount', `1${ESC}[1A\r\u009b2J`]],
    ['--every', ['recurring', 'add', '--key', 'K', '--amount', '1', '--from', 'now', '--every', `${ESC}[5m`]],
  ])('show the control characters of %s escaped, on one line', (_flag, args) => {
    const r = cli(args.map((a) => (a === 'K' ? key : a)));
    expect(r.status).not.toBe(0);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(r.stderr).toContain('\\x1b');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('are cut to 1 KiB, however long the input', () => {
    for (const args of [
      ['ledger', 'add', '--key', key, '--at', 'x'.repeat(100_000), '--amount', '1'],
      ['ledger', 'add', '--key', key, '--at', 'now', '--amount', '1', '--kind', 'y'.repeat(100_000)],
      ['ledger', 'add', '--key', key, '--at', 'now', '--amount', 'z'.repeat(100_000)],
      ['no-such-command-' + 'w'.repeat(100_000)],
    ]) {
      const r = cli(args);
      expect(r.status).not.toBe(0);
      expect(Buffer.byteLength(r.stderr)).toBeLessThanOrEqual(1025);
      expect(r.stderr.startsWith('account-monitor: ')).toBe(true);
    }
  });
});

describe('key revoke keeps the key out of the process list', () => {
  const balance = (k: string): number | null => cli(['balance', '--key', k]).status;

  it('takes it from ACCOUNT_MONITOR_KEY when the argument is left out', () => {
    const k = cli(['account', 'create', 'by env']).stdout.trim();
    expect(cli(['key', 'revoke'], { env: { ACCOUNT_MONITOR_KEY: k } }).status).toBe(0);
    expect(balance(k)).toBe(1);
  });

  it('takes it from standard input with -, or when there is nothing else', () => {
    const a = cli(['account', 'create', 'by stdin dash']).stdout.trim();
    expect(cli(['key', 'revoke', '-'], { input: `${a}\n` }).status).toBe(0);
    expect(balance(a)).toBe(1);
    const b = cli(['account', 'create', 'by stdin']).stdout.trim();
    expect(cli(['key', 'revoke'], { input: b }).status).toBe(0);
    expect(balance(b)).toBe(1);
  });

  it('still takes it as the argument, and says clearly when there is none', () => {
    const k = cli(['account', 'create', 'by argv']).stdout.trim();
    expect(cli(['key', 'revoke', k]).status).toBe(0);
    const empty = cli(['key', 'revoke', '-'], { input: '' });
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('no key to revoke');
  });
});

describe('CSV export', () => {
  const notes = [
    '=HYPERLINK("http://evil.example","x")',
    '+1+2',
    '-3+4',
    '@SUM(A1:A2)',
    '\t=tab first',
    "'=already quoted",
    "''+twice",
    "'plain quote",
    'plain',
    '  padded  ',
    'a, "quoted", note',
    '=1\n=2',
  ];

  it('writes formula notes as text, and an import reads every note back unchanged', () => {
    const k = cli(['account', 'create', 'export']).stdout.trim();
    notes.forEach((note, i) => {
      const added = cli([
        'ledger',
        'add',
        '--key',
        k,
        '--at',
        `2026-01-${String(i + 1).padStart(2, '0')}`,
        '--amount',
        '1',
        '--note',
        note,
      ]);
      expect(added.status, added.stderr).toBe(0);
    });
    const listed = cli(['ledger', 'list', '--key', k]);
    expect(listed.status).toBe(0);
    // No cell a spreadsheet would run: every note cell that starts with a formula character starts with ' instead.
    for (const line of listed.stdout.split('\n').slice(1)) {
      const note = line.split(',').slice(3).join(',');
      expect(note, line).not.toMatch(/^"?[=+\-@\t]/);
    }
    const file = join(dir, 'export.csv');
    writeFileSync(file, listed.stdout);
    const copy = cli(['account', 'create', 'copy']).stdout.trim();
    expect(cli(['ledger', 'import', file, '--key', copy]).stdout.trim()).toBe(String(notes.length));
    const again = cli(['ledger', 'list', '--key', copy]);
    expect(again.stdout).toBe(listed.stdout);
  });
});
