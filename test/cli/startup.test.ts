// How the CLI starts: the bin on a Node too old for it, the command list (every command listed,
// only the one run defined, --help on each), and resolve's quick parse, which must read every
// argument list exactly as commander does or leave it to commander.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addOptions, DATE_ORDER, quickParse, type OptionSpec } from '../../src-main/cli/option-specs.ts';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/account-monitor.js');
const env = { ...process.env, ACCOUNT_MONITOR_NOW: '2026-11-22T10:35:00', ACCOUNT_MONITOR_TZ: 'Europe/London' };

function cli(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { env, input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The first `node` on PATH outside this project's node_modules: the machine's own Node. */
function systemNode(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '' || dir.includes('node_modules')) continue;
    const candidate = join(dir, 'node');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

describe('the bin on an older Node', () => {
  const node = systemNode();
  const version = node === undefined ? undefined : spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const [major = 0, minor = 0] = (version ?? 'v0.0').slice(1).split('.').map(Number);
  const tooOld = major < 22 || (major === 22 && minor < 18) || (major === 23 && minor < 6);
  it.skipIf(node === undefined || !tooOld)(
    `says in one line what it needs and exits 1 (${node === undefined ? 'skipped: no node on PATH outside node_modules' : tooOld ? `${node}, ${version ?? ''}` : `skipped: the machine's Node (${version ?? ''}) is new enough`})`,
    () => {
      const r = spawnSync(node ?? 'node', [BIN, 'resolve', 'tomorrow'], { env, encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`needs Node 22.18 or newer (this is Node ${version ?? ''})`);
      expect(r.stderr).toContain('npm run cli');
      expect(r.stderr).not.toMatch(/SyntaxError|enableCompileCache|at /);
    },
  );
});

describe('the command list', () => {
  it('lists every command with its line, and help exits 0', () => {
    const r = cli(['--help']);
    expect(r.status).toBe(0);
    for (const line of [
      /serve \[options\] +run the local service and web UI/,
      /demo \[options\] +create a demo account/,
      /account +accounts/,
      /key +API keys/,
      /ledger +ledger entries/,
      /recurring +recurring charges/,
      /settings +notification settings/,
      /balance \[options\] +the balance in pence/,
      /resolve \[options\] \[phrase\] +show how a free-form date is understood/,
    ])
      expect(r.stdout).toMatch(line);
  });

  it('defines the command asked about, with its options and subcommands, for --help and help NAME', () => {
    const cases: [string[], RegExp][] = [
      [['serve', '--help'], /--check-interval <minutes>/],
      [['demo', '--help'], /--data-dir <dir>/],
      [['account', '--help'], /connect \[options\] <base_url>/],
      [['account', 'connect', '--help'], /--provider-ca <file>/],
      [['key', 'revoke', '--help'], /revoke a key/],
      [['ledger', 'import', '--help'], /--duplicates <choice>/],
      [['recurring', 'end', '--help'], /--at <phrase>/],
      [['settings', 'set', '--help'], /--warning-level <pence>/],
      [['balance', '--help'], /--at <phrase>/],
      [['resolve', '--help'], /--date-order <order>[\s\S]*choices: "mdy", "dmy"/],
      [['help', 'ledger'], /import \[options\] <file>/],
    ];
    for (const [args, expected] of cases) {
      const r = cli(args);
      expect(r.status, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(expected);
    }
  });

  it('revokes a key that starts with "-" (one generated key in 64 does), given as the argument', () => {
    const dir = mkdtempSync(join(tmpdir(), 'am-startup-'));
    try {
      const key = '-startsWithADash-0123456789';
      const run = (args: string[]): number | null =>
        spawnSync(process.execPath, [BIN, ...args, '--data-dir', dir], {
          env: { ...env, ACCOUNT_MONITOR_KEYCHAIN: 'off', ACCOUNT_MONITOR_KEY: '' },
          encoding: 'utf8',
        }).status;
      expect(run(['account', 'create', 'Dash', '--key', key])).toBe(0);
      expect(run(['key', 'revoke', key])).toBe(0);
      expect(run(['balance', '--key', key])).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('still says what is wrong in one line, exit 2, suggesting the command meant', () => {
    const r = cli(['resolv', 'x']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("account-monitor: unknown command 'resolv' (Did you mean resolve?) (see --help)\n");
  });
});

const RESOLVE: readonly OptionSpec[] = [
  { flags: '--now <time>', description: 'now' },
  { flags: '--tz <zone>', description: 'zone' },
  { flags: '--json', description: 'json' },
  { flags: '--jsonl', description: 'lines' },
  DATE_ORDER,
];

/** What commander hands resolve's action for `args`, or "refused" when it stops with an error or help. */
function byCommander(args: string[]): { operands: string[]; options: Record<string, unknown> } | 'refused' {
  let got: { operands: string[]; options: Record<string, unknown> } | 'refused' = 'refused';
  const program = new Command('t')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  const command = program.command('resolve [phrase]');
  addOptions(command, RESOLVE).action((phrase: string | undefined, options: Record<string, unknown>) => {
    got = { operands: phrase === undefined ? [] : [phrase], options: { ...options } };
  });
  try {
    program.parse(['resolve', ...args], { from: 'user' });
  } catch {
    return 'refused';
  }
  return got;
}

describe("resolve's quick parse", () => {
  const lists: string[][] = [
    [],
    ['tomorrow'],
    ['in 2 hours', '--json'],
    ['--json', 'in 2 hours'],
    ['--tz', 'America/New_York', '--now', '2026-11-01T00:30:00', 'x'],
    ['--tz=Asia/Tokyo', 'x'],
    ['--date-order', 'dmy', '01/07/2026'],
    ['--date-order=mdy', '01/07/2026'],
    ['--jsonl'],
    ['--json', '--jsonl'],
    ['--tz', 'A', '--tz', 'B', 'x'],
    ['--', '-1 week'],
    ['@1700000000'],
  ];
  for (const args of lists) {
    it(`reads ${JSON.stringify(args)} as commander does`, () => {
      expect(quickParse(args, RESOLVE, 1)).toEqual(byCommander(args));
    });
  }

  const others: string[][] = [
    ['--help'],
    ['-h'],
    ['x', '--help'],
    ['a', 'b'],
    ['--bogus'],
    ['--date-order', 'xx', 'x'],
    ['--tz'],
    ['-1 week'],
    ['--tz', '--json'],
    ['--json=yes'],
  ];
  for (const args of others) {
    it(`leaves ${JSON.stringify(args)} to commander`, () => {
      expect(quickParse(args, RESOLVE, 1)).toBeUndefined();
    });
  }

  it('gives the answers and errors the full parse gives, through the bin', () => {
    expect(cli(['resolve', 'in 2 hours', '--now', '2027-03-28T00:30:00']).stdout).toBe('2027-03-28 03:30:00\n');
    expect(cli(['resolve', '--tz=America/New_York', '--now', '2026-11-01T00:30:00', 'in 2 hours']).stdout).toBe(
      '2026-11-01 01:30:00\n',
    );
    expect(cli(['resolve', '--json', 'at 2:30']).stdout).toBe(
      '{"datetime":"2026-11-22 10:35:00","understood":false,"stage":"none"}\n',
    );
    expect(cli(['resolve', '--jsonl'], '"tomorrow"\n"at 12am"\n').stdout).toBe(
      '{"datetime":"2026-11-23 00:00:00","understood":true}\n{"datetime":"2026-11-22 10:35:00","understood":false}\n',
    );
    const bad = cli(['resolve', '--date-order', 'xx', 'x']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^account-monitor: option '--date-order <order>' argument 'xx' is invalid/);
    const zone = cli(['resolve', '--tz', 'Nowhere/Atlantis', 'x']);
    expect(zone.status).toBe(2);
    expect(zone.stderr).toBe('account-monitor: ACCOUNT_MONITOR_TZ is not an IANA time zone: "Nowhere/Atlantis"\n');
  });
});
