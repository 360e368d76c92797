// Child processes for the benchmark: the real service (through its CLI), the bare baseline
// server, one-shot CLI commands, and their memory as the kernel reports it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
// The override exists only to check the harness itself against a stand-in.
export const CLI = process.env.ACCOUNT_MONITOR_BENCH_CLI ?? join(ROOT, 'bin', 'account-monitor.js');

/** The service's fixed clock and zone: repeatable answers, so "correct" can be checked. */
export const BENCH_ENV = {
  ACCOUNT_MONITOR_NOW: '2026-11-21T10:35:00',
  ACCOUNT_MONITOR_TZ: 'Europe/London',
};

/**
 * Where the measured servers and the load generator run: with taskset and two cores or more,
 * servers on core 0 and the load generator on core 1, so they never take turns on one core
 * (as the figures of the issue were taken); otherwise wherever the kernel puts them.
 */
export const PINNING: { server: string[]; load: string[]; note: string } = ((): {
  server: string[];
  load: string[];
  note: string;
} => {
  const taskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  if (!taskset || availableParallelism() < 2)
    return { server: [], load: [], note: taskset ? 'not pinned: one core' : 'not pinned: no taskset' };
  return {
    server: ['taskset', '-c', '0'],
    load: ['taskset', '-c', '1'],
    note: 'servers pinned to core 0, load generator to core 1',
  };
})();

/** A process (`command` and its arguments), pinned as PINNING says for its role. */
function spawnPinned(
  role: 'server' | 'load' | 'none',
  command: string,
  args: string[],
  options: Parameters<typeof spawn>[2],
): ChildProcess {
  const pin = role === 'none' ? [] : PINNING[role];
  const [taskset, ...prefix] = pin;
  return taskset === undefined ? spawn(command, args, options) : spawn(taskset, [...prefix, command, ...args], options);
}

/** A node process, pinned as PINNING says for its role. */
function spawnNode(
  role: 'server' | 'load' | 'none',
  args: string[],
  options: Parameters<typeof spawn>[2],
): ChildProcess {
  return spawnPinned(role, process.execPath, args, options);
}

/** CPU seconds (user + system) a live process has used, from /proc; undefined elsewhere. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds a live process has used, all its threads, from the scheduler's nanosecond counts
 * (/proc/PID/task/TID/schedstat): for a figure too small for /proc/PID/stat's 10 ms ticks (an
 * idle follower). Undefined where there is no /proc.
 */
export function cpuSecondsFine(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    }
    return ns / 1e9;
  } catch {
    return undefined;
  }
}

/** Voluntary context switches of a process's main thread: each is a wait the thread woke from. */
export function mainThreadWakeups(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /voluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8'));
    return m === null ? undefined : Number(m[1]);
  } catch {
    return undefined;
  }
}

export interface Started {
  child: ChildProcess;
  origin: string;
  /** Milliseconds from spawn to the "listening on" line. */
  listenMs: number;
  stderr: () => string;
}

/**
 * Starts a node script that announces `listening on http://HOST:PORT/` on stderr; on the
 * servers' core unless `pinned` is false (start-up is timed on the whole machine, as a user
 * starts it: the service starts a keychain probe beside itself); `controlFd` adds a pipe at fd 3.
 */
export function startListening(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 20_000,
  pinned = true,
  controlFd = false,
): Promise<Started> {
  const t0 = performance.now();
  const child = spawnNode(pinned ? 'server' : 'none', args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    // fd 3, when asked for: a channel to a preload of the bench's own (bench/time-warp.ts).
    stdio: controlFd ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stdout?.resume();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "listening on" within ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      const before = err.length;
      err = (err + chunk).slice(-20_000);
      if (before > 20_000) return;
      const m = /listening on (http:\/\/[^\s/]+)/.exec(err);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({ child, origin: m[1], listenMs: performance.now() - t0, stderr: () => err });
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code ?? signal ?? '?'}) before listening: ${err}`));
    });
  });
}

export function startService(
  dataDir: string,
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
  pinned = true,
  cliPath = CLI,
): Promise<Started> {
  return startListening(
    [...nodeArgs, cliPath, 'serve', '--port', '0', '--data-dir', dataDir],
    { ...BENCH_ENV, ...extraEnv },
    20_000,
    pinned,
  );
}

/** The bare baseline answering `body` with `headers` (the endpoint's own, as it sent them). */
export function startBare(body: string, headers: Record<string, string>, pinned = true): Promise<Started> {
  return startListening(
    [join(ROOT, 'bench', 'bare-server.ts')],
    { BARE_BODY: body, BARE_HEADERS: JSON.stringify(headers) },
    20_000,
    pinned,
  );
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await done;
  clearTimeout(timer);
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs one CLI command to completion (with the bench clock and zone); `cliPath` another build's. */
export async function cli(
  args: string[],
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
  cliPath = CLI,
): Promise<CliResult> {
  const t0 = performance.now();
  const run = startCli(args, extraEnv, nodeArgs, cliPath);
  const { code } = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr(), ms: performance.now() - t0 };
}

/** A long-running CLI command (`status --follow`): its output so far, and its exit. */
export interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts a CLI command that keeps running (with the bench clock and zone), collecting what it prints. */
export function startCli(
  args: string[],
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
  cliPath = CLI,
): Running {
  const child = spawn(process.execPath, [...nodeArgs, cliPath, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...BENCH_ENV, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    stdout += c;
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    stderr = (stderr + c).slice(-20_000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => {
      resolve({ code, signal });
    });
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

export async function cliOk(args: string[], extraEnv: Record<string, string> = {}, cliPath = CLI): Promise<string> {
  const r = await cli(args, extraEnv, [], cliPath);
  if (r.code !== 0) throw new Error(`cli ${args.join(' ')} failed (${r.code ?? '?'}): ${r.stderr.trim()}`);
  return r.stdout.trim();
}

/** Resident set size of a process in MB (VmRSS), or undefined when it is gone. */
export function rssMB(
  pid: number | undefined,
  field: 'VmRSS' | 'VmHWM' | 'RssAnon' | 'RssFile' = 'VmRSS',
): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] === undefined ? undefined : Number(m[1]) / 1024;
  } catch {
    return undefined;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs a bench child script (`bench/<script>`) in its own process and reads the JSON object it
 * prints last on stdout; fails with the child's exit code and the tail of its stderr.
 */
export function runJsonChild<T>(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  role: 'load' | 'none' = 'none',
  nodeArgs: string[] = [],
): Promise<T> {
  return runJsonCommand<T>(script, process.execPath, [...nodeArgs, join(ROOT, 'bench', script), ...args], env, role);
}

/** Any program that prints a JSON object last on stdout (wrk with bench/wrk-load.lua), as runJsonChild runs scripts. */
export function runJsonCommand<T>(
  label: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
  role: 'load' | 'none' = 'none',
): Promise<T> {
  const child = spawnPinned(role, command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  child.stderr?.setEncoding('utf8').on('data', (c: string) => {
    err = (err + c).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as T);
      } catch {
        reject(new Error(`${label} failed (exit ${code ?? '?'}): ${err.trim() || out.trim().slice(-2000)}`));
      }
    });
  });
}
