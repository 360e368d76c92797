// The start-up check that the keychain really works, run in a short-lived child process.
//
// Why a child process: measured here, when something accepts the D-Bus connection but never
// answers, @napi-rs/keyring's entry constructor blocks the calling JavaScript thread (still
// blocked after 60 s), so no in-process timeout can fire; in a worker thread the timeout fires but
// the process can then never exit. A child process can always be killed. Once the probe has
// passed, the bus is known to answer and later calls run in-process, each under its own deadline.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { KeychainTimeoutError } from './timeout.ts';

export interface ProbeRequest {
  service: string;
  account: string;
  timeoutMs: number;
  platform: NodeJS.Platform;
  /** Stops a check still waiting (the desktop app keeps waiting for an unlock prompt until it quits). */
  signal?: AbortSignal;
}

// CommonJS run by `node -e`: write a random secret, read it back, delete it, print one JSON line.
const probeSource = `
const [modulePath, service, account, linuxStore] = process.argv.slice(1);
const { AsyncEntry } = require(modulePath);
const options = linuxStore ? { linux: { store: linuxStore } } : undefined;
(async () => {
  const entry = new AsyncEntry(service, account, options);
  const secret = require('node:crypto').randomBytes(12).toString('base64url');
  await entry.setPassword(secret);
  const back = await entry.getPassword();
  await entry.deletePassword();
  if (back !== secret) throw new Error('it returned a different secret than the one stored');
})().then(
  () => process.stdout.write(JSON.stringify({ ok: true })),
  (error) => process.stdout.write(JSON.stringify({ ok: false, message: String(error && error.message || error) })),
);
`;

/** Resolves when the keychain stored and returned a secret; rejects with the reason otherwise. */
export function probeInChildProcess(request: ProbeRequest): Promise<void> {
  const modulePath = createRequire(import.meta.url).resolve('@napi-rs/keyring');
  const linuxStore = request.platform === 'linux' ? 'secret-service' : '';
  return new Promise<void>((resolve, reject) => {
    // Inside Electron, process.execPath is Electron itself; ELECTRON_RUN_AS_NODE makes it plain Node.
    const child = spawn(
      process.execPath,
      ['-e', probeSource, modulePath, request.service, request.account, linuxStore],
      {
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new KeychainTimeoutError('a first check', request.timeoutMs));
    }, request.timeoutMs);
    const abort = (): void => {
      child.kill('SIGKILL');
      reject(new Error('the check was stopped'));
    };
    if (request.signal?.aborted === true) abort();
    request.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', abort);
      const answer = parseAnswer(out);
      if (answer?.ok === true) resolve();
      else
        reject(
          new Error(answer?.message ?? `the check exited with ${String(code)}: ${err.trim().split('\n').pop() ?? ''}`),
        );
    });
  });
}

function parseAnswer(text: string): { ok: boolean; message?: string } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && 'ok' in value && typeof value.ok === 'boolean') {
      const message = 'message' in value && typeof value.message === 'string' ? value.message : undefined;
      return message === undefined ? { ok: value.ok } : { ok: value.ok, message };
    }
  } catch {
    // Not JSON: the child died before answering; the caller reports its exit and stderr.
  }
  return undefined;
}
