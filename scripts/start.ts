// `npm start`: the desktop app when the Electron binary is installed; otherwise one line saying
// why, then the headless server with the web UI (it prints the UI's address with its token).
// Extra arguments go to the headless server (`npm start -- --port 9000`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findElectronBinary } from '../src-main/desktop/electron-binary.ts';

const root = join(import.meta.dirname, '..');
const bin = (name: string): string =>
  join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/** Runs a child to completion, forwarding SIGINT and SIGTERM to it; resolves with its exit code. */
function runForwardingSignals(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`npm start: ${error.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
    });
  });
}

function build(step: string, args: string[]): boolean {
  const result = spawnSync(bin(args[0] ?? ''), args.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status === 0) return true;
  process.stderr.write(`npm start: ${step} failed (exit ${String(result.status ?? result.signal)})\n`);
  return false;
}

async function main(): Promise<number> {
  const electron = findElectronBinary(root);
  if (electron.found) {
    if (!build('the desktop build', ['electron-vite', 'build'])) return 1;
    return runForwardingSignals(electron.path, [root], { ...process.env, ELECTRON_RUN_AS_NODE: undefined });
  }
  process.stderr.write(`${electron.reason}; starting the headless server with the web UI instead\n`);
  if (
    !existsSync(join(root, 'out', 'renderer', 'index.html')) &&
    !build('the web UI build', ['vite', 'build', '--config', 'vite.config.ts'])
  )
    return 1;
  return runForwardingSignals(process.execPath, [
    join(root, 'bin', 'account-monitor.js'),
    'serve',
    ...process.argv.slice(2),
  ]);
}

process.exitCode = await main();
