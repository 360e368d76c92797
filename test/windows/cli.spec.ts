// The CLI on Windows, step by step beside the same steps on Linux (the pinned Node 24 on the
// same checkout), with the same clock, zone and keys: each step must print the same and exit
// the same. The ledger file is one a Windows spreadsheet saves: a UTF-8 BOM and CRLF line ends.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeBinary, ROOT } from '../e2e/server.ts';
import { hostPath, runCli, type RunResult, type WineNode } from './wine.ts';
import { appEnv, expect, removeFolder, test } from './fixtures.ts';

const FIRST = 'zoe-test-key-0001-abcdefgh';
const SECOND = 'zoe-test-key-0002-abcdefgh';
const CSV =
  '\uFEFFat,amount,kind,note\r\n' +
  '2026-10-01,5000,topup,first top-up\r\n' +
  '2026-10-15 09:00,1200,charge,"hosting, October"\r\n' +
  '2026-11-01,1200,charge,Zoë’s November\r\n';

/** One OS's side: its data folder and files as that OS names them, and how it runs the CLI there. */
interface Side {
  dataDir: string;
  /** The folder of the files given to the CLI, with its separator at the end. */
  files: string;
  file: (name: string) => string;
  write: (name: string, text: string) => void;
  run: (args: string[]) => RunResult;
}

function windowsSide(wine: WineNode): Side {
  const home = 'C:\\Users\\Zoë Test';
  const dataDir = `${home}\\AppData\\Roaming\\Account Monitor CLI`;
  removeFolder(wine, dataDir);
  mkdirSync(hostPath(wine, `${home}\\Downloads`), { recursive: true });
  const files = `${home}\\Downloads\\`;
  const file = (name: string): string => `${files}${name}`;
  return {
    dataDir,
    files,
    file,
    write: (name, text) => {
      writeFileSync(hostPath(wine, file(name)), text);
    },
    run: (args) => runCli(wine, args, { env: appEnv({ ACCOUNT_MONITOR_DATA_DIR: dataDir }) }),
  };
}

function linuxSide(root: string): Side {
  const dataDir = join(root, 'data');
  const file = (name: string): string => join(root, name);
  return {
    dataDir,
    files: `${root}/`,
    file,
    write: (name, text) => {
      writeFileSync(file(name), text);
    },
    run: (args) => {
      const run = spawnSync(nodeBinary(), [join(ROOT, 'bin/account-monitor.js'), ...args], {
        env: { ...process.env, ...appEnv({ ACCOUNT_MONITOR_DATA_DIR: dataDir }) },
        encoding: 'utf8',
        timeout: 60_000,
      });
      return { status: run.status, stdout: run.stdout, stderr: run.stderr };
    },
  };
}

test('account create, ledger import (BOM, CRLF), export and re-import, status --waybar, check, resolve', ({ wine }) => {
  const root = mkdtempSync(join(tmpdir(), 'am-windows-cli-'));
  const sides = { windows: windowsSide(wine), linux: linuxSide(root) };
  /** Runs a step on both sides; they must agree (paths aside); answers Windows' run. */
  const both = (step: (side: Side) => string[]): RunResult => {
    const [windows, linux] = [sides.windows, sides.linux].map((side) => {
      const run = side.run(step(side));
      return { ...run, stderr: run.stderr.replaceAll(side.dataDir, '<data>').replaceAll(side.files, '<files>/') };
    });
    if (windows === undefined || linux === undefined) throw new Error('two sides');
    expect(windows, step(sides.windows).join(' ')).toEqual(linux);
    return windows;
  };
  try {
    // No account yet: UNKNOWN, exit 3.
    expect(both(() => ['check']).status).toBe(3);
    expect(both(() => ['account', 'create', 'Zoë’s hosting', '--key', FIRST]).stdout).toBe(`${FIRST}\n`);

    for (const side of Object.values(sides)) side.write('ledger.csv', CSV);
    expect(both((s) => ['ledger', 'import', s.file('ledger.csv'), '--key', FIRST]).stdout.trim()).toBe('3');
    const exported = both(() => ['ledger', 'list', '--key', FIRST]).stdout;
    expect(exported.split('\n')[0]).toBe('at,amount,kind,note,every,until');
    expect(exported).toContain('Zoë’s November');
    expect(exported).toContain('"hosting, October"');

    // The export goes back into an empty account and comes out the same.
    both(() => ['account', 'create', 'Copy', '--key', SECOND]);
    for (const side of Object.values(sides)) side.write('export.csv', exported);
    expect(both((s) => ['ledger', 'import', s.file('export.csv'), '--key', SECOND]).stdout.trim()).toBe('3');
    expect(both(() => ['ledger', 'list', '--key', SECOND]).stdout).toBe(exported);

    const waybar = JSON.parse(both(() => ['status', '--waybar']).stdout) as Record<string, string>;
    expect(waybar).toMatchObject({ class: 'ok' });
    expect(waybar.tooltip).toContain('Zoë’s hosting: £26.00');

    // check's exit codes: ok, warning under the level, critical below zero.
    expect(both(() => ['check', 'Zoë’s hosting']).status).toBe(0);
    both(() => ['settings', 'set', '--key', FIRST, '--warning-enabled', 'true', '--warning-level', '5000']);
    expect(both(() => ['check', 'Zoë’s hosting']).status).toBe(1);
    both(() => ['ledger', 'add', '--key', FIRST, '--kind', 'charge', '--amount', '9000', '--at', '2026-11-20']);
    const critical = both(() => ['check', 'Zoë’s hosting']);
    expect(critical.status).toBe(2);
    expect(critical.stdout).toMatch(/^BALANCE CRITICAL - Zoë’s hosting: -£64\.00 below zero/);

    // A file that is not there: one line, exit 1.
    const missing = both((s) => ['ledger', 'import', s.file('missing.csv'), '--key', FIRST]);
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);

    for (const phrase of ['+1 week', 'last day of next month', '1st May 2008', '01/07/2027']) {
      both(() => ['resolve', phrase, '--json']);
    }
    expect(both(() => ['resolve', '+1 week']).stdout).toBe('2026-11-29 10:35:00\n');
    // PHP rejects this text: the second stage reads it, from its own chunk of the bundle (loaded
    // on first need by a synchronous require of an ES module, which Windows' Node 22 must do too).
    expect(both(() => ['resolve', 'the day after tomorrow']).stdout).toBe('2026-11-24 00:00:00\n');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
