// The shape each status bar reads, from real CLI processes over a temporary data folder, and the
// snippets of docs/status-bars.md run as written: i3blocks reads one JSON object per line with
// full_text (run here through Debian's own i3blocks on the documented block, when it is
// installed), polybar shows the last whole line, SwiftBar resets its item at each `~~~`, and
// `--json` while following says whether a service runs. Every shape: no empty line, ever.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BENCH_ENV, CLI, cliOk, ROOT, startCli, type Running } from '../../bench/lib/procs.ts';
import { tempDir } from '../helpers/service.ts';

let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  dir = tempDir('am-bars-');
  env = { ACCOUNT_MONITOR_DATA_DIR: dir, ACCOUNT_MONITOR_KEYCHAIN: 'off' };
  const low = await cliOk(['account', 'create', 'Low | one'], env);
  await cliOk(['ledger', 'add', '--key', low, '--at', '2026-11-01', '--amount', '1500'], env);
  await cliOk(['settings', 'set', '--key', low, '--warning-enabled', 'true', '--warning-level', '2000'], env);
  const fine = await cliOk(['account', 'create', '--', '--- :tada: ~~~'], env);
  await cliOk(['ledger', 'add', '--key', fine, '--at', '2026-11-01', '--amount', '123456'], env);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const DOC = readFileSync(join(ROOT, 'docs', 'status-bars.md'), 'utf8');

/** The `account-monitor ...` command a snippet of the doc runs, found by `pattern`, as CLI arguments. */
function documented(pattern: RegExp): string[] {
  const command = pattern.exec(DOC)?.[1];
  if (command === undefined) throw new Error(`docs/status-bars.md has no snippet matching ${String(pattern)}`);
  const [program, ...args] = command.trim().split(/\s+/);
  expect(program).toBe('account-monitor');
  return args;
}

async function printed(f: Running, count: number): Promise<string> {
  await vi.waitFor(
    () => {
      expect(f.stdout().split('\n').length - 1).toBeGreaterThanOrEqual(count);
    },
    { timeout: 20_000, interval: 50 },
  );
  f.child.kill('SIGTERM');
  expect(await f.exited).toEqual({ code: 0, signal: null });
  return f.stdout();
}

describe('status for each status bar', () => {
  it('--i3blocks: one JSON object with full_text and short_text, the colour of the worst state', async () => {
    expect(JSON.parse(await cliOk(['status', '--i3blocks'], env))).toEqual({
      full_text: '£15.00',
      short_text: '£15.00',
      color: '#f5a524',
    });
  });

  it('--polybar: one line, coloured with polybar tags; following, each line whole (tail = true shows the last)', async () => {
    expect(await cliOk(['status', '--polybar'], env)).toBe('%{F#f5a524}£15.00%{F-}');
    // Following with no service: grey, the same line at each heartbeat, never an empty one.
    const out = await printed(startCli(['status', '--follow', '--polybar', '--heartbeat', '0.2'], env), 2);
    expect(out.endsWith('\n')).toBe(true);
    for (const line of out.split('\n').slice(0, -1)) expect(line).toBe('%{F#8b8d98}£15.00%{F-}');
  });

  it('--swiftbar: the balance, then a line per account taken as plain text; following, each menu after a ~~~', async () => {
    const menu = [
      '£15.00 | color=#f5a524',
      '---',
      'Low ¦ one: £15.00 low (read 0 s ago) | symbolize=false emojize=false',
      '‐‐‐ :tada: ~~~: £1,234.56 ok (read 0 s ago) | symbolize=false emojize=false',
    ];
    expect(await cliOk(['status', '--swiftbar'], env)).toBe(menu.join('\n'));
    const out = await printed(startCli(['status', '--follow', '--swiftbar', '--heartbeat', '0.2'], env), 12);
    const following = [
      '£15.00 | color=#8b8d98',
      '---',
      'Account Monitor is not running: nothing checks the accounts or warns (start it: account-monitor serve, or open the app) | symbolize=false emojize=false',
      ...menu.slice(2),
    ];
    const blocks = out.replace(/\n$/, '').split('\n~~~\n');
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const block of blocks) expect(block).toBe(following.join('\n'));
  });

  it('--json, following: one object a line, with the service state and the class', async () => {
    const out = await printed(startCli(['status', '--follow', '--json'], env), 1);
    const line = JSON.parse(out.split('\n')[0] ?? '') as Record<string, unknown>;
    expect(line).toMatchObject({ service: 'not_running', class: 'unknown' });
    expect((line.accounts as { name: string; severity: string }[]).map((a) => [a.name, a.severity])).toEqual([
      ['Low | one', 'warning'],
      ['--- :tada: ~~~', 'ok'],
    ]);
  });

  it('the documented commands, run as written, print what each bar reads', async () => {
    const waybar = documented(/"exec": "([^"]+)"/);
    expect(DOC).toMatch(/"return-type": "json"/);
    expect(DOC).not.toMatch(/"interval":/);
    const line = (await printed(startCli(waybar, env), 1)).split('\n')[0] ?? '';
    expect(JSON.parse(line)).toMatchObject({ text: '£15.00', class: 'unknown', alt: 'unknown' });
    const polybar = documented(/^exec = (.+)$/m);
    expect(DOC).toMatch(/^tail = true$/m);
    expect((await printed(startCli(polybar, env), 1)).split('\n')[0]).toBe('%{F#8b8d98}£15.00%{F-}');
    const swiftbar = documented(/^exec (account-monitor status --follow .+)$/m);
    expect(DOC).toMatch(/^# <swiftbar\.type>streamable<\/swiftbar\.type>$/m);
    expect(await printed(startCli(swiftbar, env), 3)).toMatch(/^£15\.00 \| color=#8b8d98\n---\n/);
    const xbar = documented(/^exec (account-monitor status --swiftbar)$/m);
    expect(await cliOk(xbar, env)).toMatch(/^£15\.00 \| color=#f5a524\n---\n/);
    const i3 = documented(/^command=(.+)$/m);
    expect((await printed(startCli(i3, env), 1)).split('\n')[0]).toBe(
      '{"full_text":"£15.00","short_text":"£15.00","color":"#8b8d98"}',
    );
  });

  // Debian's i3blocks 1.4 (apt-get install i3blocks) on the documented block, as pasted but for
  // where the program is.
  const i3blocks = spawnSync('i3blocks', ['-V']).status === 0;
  it.skipIf(!i3blocks)(
    'i3blocks itself shows full_text and color from the documented block (skipped without i3blocks)',
    async () => {
      const block = /```ini\n(\[balance\]\n[^`]+)```/.exec(DOC)?.[1];
      expect(block).toMatch(/^interval=persist$/m);
      const config = join(dir, 'i3blocks.conf');
      writeFileSync(config, (block ?? '').replace('command=account-monitor ', `command=${process.execPath} ${CLI} `));
      const bar = spawn('i3blocks', ['-c', config], {
        env: { ...process.env, ...BENCH_ENV, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      bar.stdout.setEncoding('utf8').on('data', (c: string) => {
        out += c;
      });
      try {
        // i3bar's protocol: a header, then one array of blocks per update.
        const shown = await vi.waitFor(
          () => {
            const updates = out
              .split('\n')
              .filter((l) => l.startsWith(',['))
              .map((l) => JSON.parse(l.slice(1)) as Record<string, unknown>[]);
            const found = updates.flat().find((b) => b.name === 'balance' && b.full_text !== '');
            if (found === undefined) throw new Error(`no balance block yet: ${out}`);
            return found;
          },
          { timeout: 20_000, interval: 50 },
        );
        expect(shown).toMatchObject({ full_text: '£15.00', short_text: '£15.00', color: '#8b8d98' });
      } finally {
        bar.kill('SIGTERM');
      }
    },
  );
});
