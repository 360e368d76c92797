// Which `serve` runs on a data folder: a small file there (`running.json`: its process and its
// address), written once the port is open and removed at stop, so a second `serve` or `npm start`
// on the same folder points at the first instead of saying the port is busy. A file left by a
// process that is gone (a crash, a kill -9) is ignored and replaced.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file's name in the data folder (a follower watches for it). */
export const RUNNING_FILE = 'running.json';

interface Running {
  pid: number;
  url: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The address of another live `serve` on this data folder, if one runs. */
export function runningElsewhere(dataDir: string): string | undefined {
  let running: Partial<Running>;
  try {
    running = JSON.parse(readFileSync(join(dataDir, RUNNING_FILE), 'utf8')) as Partial<Running>;
  } catch {
    return undefined;
  }
  const { pid, url } = running;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  if (typeof url !== 'string' || !/^http:\/\/[\w.:[\]-]+\/$/.test(url)) return undefined;
  return alive(pid) ? url : undefined;
}

/** Says this process serves the folder at `url`; the answer removes the file again (if still ours). */
export function markRunning(dataDir: string, url: string): () => void {
  const path = join(dataDir, RUNNING_FILE);
  try {
    writeFileSync(path, JSON.stringify({ pid: process.pid, url } satisfies Running), { mode: 0o600 });
  } catch {
    // A read-only data folder is served read-only (reads work, writes say why): nothing to mark,
    // and a second serve there says the port is busy, as before.
    return () => undefined;
  }
  return () => {
    try {
      const now = JSON.parse(readFileSync(path, 'utf8')) as Partial<Running>;
      if (now.pid === process.pid) rmSync(path, { force: true });
    } catch {
      // Already gone.
    }
  };
}
