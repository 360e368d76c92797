// `npm start`: the desktop app. When the Electron binary is missing, the electron package's own
// installer fetches it first (with progress and a bounded wait); then electron-vite builds the app
// and Electron starts it. Only when Electron cannot be had or cannot start does it say why and the
// command that fixes it, in one line, and start the headless server with the web UI instead.
// `npm start -- --headless` or ACCOUNT_MONITOR_HEADLESS=1 skips Electron on purpose. Other
// arguments go to the headless server (`npm start -- --headless --port 9000`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findElectronBinary } from '../src-main/desktop/launcher/electron-binary.ts';
import { explainElectronExit } from '../src-main/desktop/launcher/electron-exit.ts';
import { installElectron } from '../src-main/desktop/launcher/install-electron.ts';
import { INSTALL_COMMAND } from '../src-main/desktop/launcher/install-failure.ts';
import { toolCommand, type Command } from '../src-main/desktop/launcher/tools.ts';

const root = join(import.meta.dirname, '..');
const say = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

const TAIL = 16 * 1024;

/** Runs a child to completion, forwarding SIGINT and SIGTERM to it; its exit code and the end of its stderr. */
function runForwardingSignals(
  { command, args }: Command,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stderrTail: string; spawnError?: string }> {
  const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'inherit', 'pipe'], env });
  let stderrTail = '';
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-TAIL);
  });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    // It could not be started at all (a binary without its exec bit, a missing file).
    child.on('error', (error) => {
      resolve({ code: 1, stderrTail, spawnError: error.message });
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({ code: code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1), stderrTail });
    });
  });
}

function build(step: string, command: Command): boolean {
  const result = spawnSync(command.command, command.args, { cwd: root, stdio: 'inherit' });
  if (result.status === 0) return true;
  say(`npm start: ${step} failed (exit ${String(result.status ?? result.signal)})`);
  return false;
}

async function headless(args: string[]): Promise<number> {
  if (
    !existsSync(join(root, 'out', 'renderer', 'index.html')) &&
    !build('the web UI build', toolCommand(root, 'vite', ['build', '--config', 'vite.config.ts']))
  )
    return 1;
  const server = await runForwardingSignals({
    command: process.execPath,
    args: [join(root, 'bin', 'account-monitor.js'), 'serve', ...args],
  });
  if (server.spawnError !== undefined) say(`npm start: ${server.spawnError}`);
  return server.code;
}

/** The one line of a fallback: why, and the command that gets the desktop app. */
function fallBack(why: string, fix: string, args: string[]): Promise<number> {
  say(`${why}; starting the headless server with the web UI instead (for the desktop app: ${fix})`);
  return headless(args);
}

/** Electron's binary, installing it first when missing; a reason and a fix when it cannot be had. */
async function electronBinary(): Promise<{ path: string } | { reason: string; fix: string }> {
  const found = findElectronBinary(root);
  if (found.found) return found;
  const interrupted = new AbortController();
  const interrupt = (): void => {
    interrupted.abort();
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const outcome = await installElectron({
    projectRoot: root,
    write: (text) => process.stderr.write(text),
    tty: process.stderr.isTTY,
    since: performance.timeOrigin,
    signal: interrupted.signal,
  });
  process.off('SIGINT', interrupt);
  process.off('SIGTERM', interrupt);
  if (interrupted.signal.aborted) process.exit(130);
  if (!outcome.ok) return { reason: `Electron could not be installed: ${outcome.reason}`, fix: outcome.fix };
  const installed = findElectronBinary(root);
  return installed.found ? installed : { reason: `${installed.reason} after its installer ran`, fix: INSTALL_COMMAND };
}

async function main(): Promise<number> {
  const given = process.argv.slice(2);
  const args = given.filter((a) => a !== '--headless');
  const asked = given.includes('--headless')
    ? '--headless'
    : ['1', 'true', 'yes'].includes(process.env.ACCOUNT_MONITOR_HEADLESS?.trim().toLowerCase() ?? '')
      ? 'ACCOUNT_MONITOR_HEADLESS'
      : undefined;
  if (asked !== undefined) {
    say(`Headless as asked (${asked}): starting the headless server with the web UI`);
    return headless(args);
  }
  const electron = await electronBinary();
  if (!('path' in electron)) return fallBack(electron.reason, electron.fix, args);
  if (!build('the desktop build', toolCommand(root, 'electron-vite', ['build']))) return 1;
  const run = await runForwardingSignals(
    { command: electron.path, args: [root] },
    { ...process.env, ELECTRON_RUN_AS_NODE: undefined },
  );
  if (run.spawnError !== undefined)
    return fallBack(
      `Electron could not start: ${run.spawnError}`,
      'rm -rf node_modules/electron/dist node_modules/electron/path.txt && npm start (to install it again)',
      args,
    );
  const problem = explainElectronExit(run.code, run.stderrTail, dirname(electron.path));
  if (problem !== undefined) return fallBack(`Electron could not start: ${problem.reason}`, problem.fix, args);
  return run.code;
}

process.exitCode = await main();
