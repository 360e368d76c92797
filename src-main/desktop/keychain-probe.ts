// The keychain's start-up check in the desktop app, as an Electron utility process
// (utilityProcess.fork, https://www.electronjs.org/docs/latest/api/utility-process): the same
// program `serve` runs as a child of Node (src-main/keychain/probe-child.ts), but never Electron
// run as Node, which the packaged app turns off (electron-builder.yml's fuses: otherwise any local
// process could run the app's signed binary as Node and read its keychain items on macOS).
// A utility process can always be killed, which is why the check runs outside this process.
import { utilityProcess } from 'electron';
import { fileURLToPath } from 'node:url';
import {
  KeychainTimeoutError,
  probeArguments,
  probeFailure,
  PROBE_CHILD,
  type ProbeRequest,
} from '../keychain/index.ts';

// The sources' program; in the built app, its bundle next to index.js (electron.vite.config.ts).
const CHILD = import.meta.url.endsWith('.ts') ? PROBE_CHILD : new URL('./keychain-probe.js', import.meta.url);

/** Resolves when the keychain stored and returned a secret; rejects with the reason otherwise. */
export function probeInUtilityProcess(request: ProbeRequest): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = utilityProcess.fork(fileURLToPath(CHILD), probeArguments(request), {
      stdio: 'pipe',
      serviceName: 'Account Monitor keychain check',
    });
    let out = '';
    let err = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      err += chunk;
    });
    let settled = false;
    const settle = (error: Error | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', abort);
      if (error === undefined) resolve();
      else reject(error);
    };
    const timer = setTimeout(() => {
      child.kill();
      settle(new KeychainTimeoutError('a first check', request.timeoutMs));
    }, request.timeoutMs);
    const abort = (): void => {
      child.kill();
      settle(new Error('the check was stopped'));
    };
    if (request.signal?.aborted === true) abort();
    request.signal?.addEventListener('abort', abort, { once: true });
    // The answer may still be in the pipes when the process ends: both are read to their end.
    const ended = [child.stdout, child.stderr].map(
      (stream) =>
        new Promise<void>((done) => {
          if (stream === null) done();
          else stream.once('end', done).once('close', done);
        }),
    );
    child.once('exit', (code: number) => {
      void Promise.all(ended).then(() => {
        settle(probeFailure(out, err, code));
      });
    });
  });
}
