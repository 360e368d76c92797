// A store in a temporary folder of its own for each test: opened before the test, closed and its
// folder removed after it. Called once at the top of a test file; the file's own beforeEach hooks
// (a domain over the store, an account in it) run after this one's, its afterEach hooks before.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach } from 'vitest';
import { openStore, type Store } from '../../src-main/store/index.ts';
import { tempDir } from './service.ts';

export interface TempStore {
  /** The data folder, for opening a second connection to the same store. */
  readonly dir: string;
  readonly store: Store;
}

export function useTempStore(): TempStore {
  let current: { dir: string; store: Store } | undefined;
  beforeEach(() => {
    const dir = tempDir();
    current = { dir, store: openStore(dir) };
  });
  afterEach(() => {
    if (current === undefined) return;
    current.store.close();
    rmSync(current.dir, { recursive: true, force: true });
    current = undefined;
  });
  const now = (): { dir: string; store: Store } => {
    if (current === undefined) throw new Error('useTempStore: asked outside a test');
    return current;
  };
  return {
    get dir() {
      return now().dir;
    },
    get store() {
      return now().store;
    },
  };
}
