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
