// The start-up check that the keychain really works, run in a short-lived child process.
//
// Why a child process: measured here, when something accepts the D-Bus connection but never
// answers, @napi-rs/keyring's entry constructor blocks the calling JavaScript thread (still
// blocked after 60 s), so no in-process timeout can fire; in a worker thread the timeout fires but
// the process can then never exit. A child process can always be killed. Once the probe has
// passed, the bus is known to answer and later calls run in-process, each under its own deadline.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { KeychainTimeoutError } from './timeout.ts';

export interface ProbeRequest {
  service: string;
  account: string;
  timeoutMs: number;
  platform: NodeJS.Platform;
  /** Stops a check still waiting (the desktop app keeps waiting for an unlock prompt until it quits). */
  signal?: AbortSignal;
}

// The check itself is a program of its own (probe-child.ts), so the desktop app can run the same
// one as an Electron utility process (src-main/desktop/keychain-probe.ts).
export const PROBE_CHILD = new URL('./probe-child.ts', import.meta.url);

/** Its arguments: service, account, and the Linux store ('' elsewhere). */
export function probeArguments(request: ProbeRequest): string[] {
  return [request.service, request.account, request.platform === 'linux' ? 'secret-service' : ''];
}

/** Resolves when the keychain stored and returned a secret; rejects with the reason otherwise. */
export function probeInChildProcess(request: ProbeRequest): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // `serve` runs on Node, which runs the TypeScript program directly (the bin needs 22.18).
    const child = spawn(process.execPath, [fileURLToPath(PROBE_CHILD), ...probeArguments(request)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
      const failure = probeFailure(out, err, code);
      if (failure === undefined) resolve();
      else reject(failure);
    });
  });
}

/** What the check's output says: undefined when it passed, else the reason. */
export function probeFailure(out: string, err: string, code: number | null): Error | undefined {
  const answer = parseAnswer(out);
  if (answer?.ok === true) return undefined;
  return new Error(answer?.message ?? `the check exited with ${String(code)}: ${err.trim().split('\n').pop() ?? ''}`);
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
