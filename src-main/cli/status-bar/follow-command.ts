// `status --follow`: the follower (follower.ts) with the real clock, timers, data folder, service
// and stdout, until the status bar stops it: SIGTERM, SIGINT or SIGHUP, or its end of the pipe
// closed (the next write fails with EPIPE; Node ignores SIGPIPE itself). Every way out exits 0.
import { readConfig } from '../../config.ts';
import { keptToken } from '../../service/access-token.ts';
import { accountStandings } from '../account-standings.ts';
import { runningElsewhere } from '../../store/running-file.ts';
import { StoreGenerationReader, watchDataFolder } from './data-folder-watch.ts';
import { askFeed } from './feed-client.ts';
import { Follower } from './follower.ts';
import type { BarFormat } from './lines.ts';

export interface FollowOptions {
  format: BarFormat;
  dataDir?: string;
  heartbeatMs: number;
}

export async function followStatus(opts: FollowOptions): Promise<void> {
  const config = readConfig(process.env, { dataDir: opts.dataDir });
  const generation = new StoreGenerationReader(config.dataDir);
  let halt: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    halt = resolve;
  });
  let closed = false;
  const write = (text: string): boolean => {
    if (closed || process.stdout.destroyed) return false;
    try {
      process.stdout.write(`${text}\n`);
      return true;
    } catch {
      return false;
    }
  };
  const follower = new Follower({
    format: opts.format,
    clock: config.clock,
    heartbeatMs: opts.heartbeatMs,
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout> | undefined);
      },
    },
    read: async (service, now) => {
      const { accounts } = await accountStandings({ dataDir: config.dataDir }, { now });
      return { now, accounts, service };
    },
    write: (text) => {
      if (write(text)) return true;
      halt();
      return false;
    },
    service: () => runningElsewhere(config.dataDir),
    // The token is read at every ask: `serve --new-token` may have replaced it.
    feed: (url, since, signal) => askFeed(url, config.token ?? keptToken(config.dataDir), since, signal),
    storeGeneration: () => generation.read(),
    watch: (onStore, onService) => watchDataFolder(config.dataDir, onStore, onService),
  });
  const stop = (): void => {
    halt();
  };
  const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
  for (const signal of signals) process.once(signal, stop);
  const brokenPipe = (): void => {
    closed = true;
    halt();
  };
  process.stdout.on('error', brokenPipe);
  try {
    await Promise.race([follower.start(), done]);
    await done;
  } finally {
    follower.stop();
    generation.close();
    for (const signal of signals) process.removeListener(signal, stop);
    // brokenPipe stays: a write still queued may yet fail, and must not become an uncaught error.
  }
}
