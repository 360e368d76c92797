// Runs `npm start` in a sandbox project as a person would, and watches what it prints.
import { spawn, type ChildProcess } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first line matching, or rejects with what was printed when it exits first. */
  line(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
  /** Stops npm and everything it started (its own process group). */
  stop(): Promise<number | null>;
}

export function npmStart(dir: string, env: NodeJS.ProcessEnv, args: string[] = []): Started {
  const child = spawn('npm', ['start', '--silent', ...(args.length > 0 ? ['--', ...args] : [])], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    text += chunk.toString('utf8');
    for (const wake of waiters) wake();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      for (const wake of waiters) wake();
      resolve(code);
    });
  });
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const line = (pattern: RegExp, timeoutMs = 60_000): Promise<string> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no line matching ${String(pattern)} within ${timeoutMs} ms:\n${text}`));
      }, timeoutMs);
      function check(): void {
        const found = text.split('\n').find((l) => pattern.test(l));
        if (found !== undefined || done) {
          clearTimeout(timer);
          waiters.delete(check);
          if (found !== undefined) resolve(found);
          else reject(new Error(`npm start exited (${String(child.exitCode)}) before ${String(pattern)}:\n${text}`));
        }
      }
      waiters.add(check);
      check();
    });
  const stop = async (): Promise<number | null> => {
    if (!done && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    return exited;
  };
  return { child, output: () => text, line, exited, stop };
}
