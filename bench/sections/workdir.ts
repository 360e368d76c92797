// Scratch space for one benchmark run: data folders and CSVs, removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Workdir {
  root: string;
  path: (name: string) => string;
  cleanup: () => void;
}

export function makeWorkdir(): Workdir {
  const root = mkdtempSync(join(tmpdir(), 'am-bench-'));
  return {
    root,
    path: (name) => join(root, name),
    cleanup: () => {
      rmSync(root, { recursive: true, force: true });
    },
  };
}
