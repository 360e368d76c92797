import { type FSWatcher, watch } from 'node:fs';

// Hears of any change to the data (this process's writes, the CLI's, another window's) by looking
// at the store's generation every `everyMs`: for the window's live updates and the tray. One
// cheap read a second; stops when told, and never keeps the process alive on its own.

export interface GenerationWatch {
  stop(): void;
}

export function watchGeneration(
  read: () => number,
  onChange: (generation: number) => void,
  everyMs = 1000,
): GenerationWatch {
  let last = read();
  const timer = setInterval(() => {
    let now: number;
    try {
      now = read();
    } catch {
      // The store was closed under us (the app shutting down): nothing more to hear.
      clearInterval(timer);
      return;
    }
    if (now !== last) {
      last = now;
      onChange(now);
    }
  }, everyMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
    },
  };
}

/**
 * Calls `onWrite` soon after any process writes to the database in `dataDir` (the CLI adding an
 * entry, a browser tab on the headless API, this process), heard through a watch on the folder:
 * no timer runs while nothing is written. Writes close together are told once, `quietMs` after
 * the first. Where the folder cannot be watched it does nothing (the caller's own timer remains).
 */
export function watchWrites(
  dataDir: string,
  databaseFile: string,
  onWrite: () => void,
  quietMs = 500,
): GenerationWatch {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dataDir, { persistent: false }, (_event, name) => {
      if (timer !== undefined || (name !== null && !name.startsWith(databaseFile))) return;
      timer = setTimeout(() => {
        timer = undefined;
        onWrite();
      }, quietMs);
      timer.unref();
    });
    watcher.on('error', () => {
      watcher?.close();
    });
  } catch {
    watcher = undefined;
  }
  return {
    stop: () => {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
