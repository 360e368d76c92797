// The follower of `status --follow` in this process, against a real service on port 0 and its
// real store in a temporary folder, with the clock and the timers in the test's hands: the
// heartbeat is asked for at 60 s and fired by the test, so a reading that goes stale is seen
// without waiting; a feed connection the service sheds is asked again; a feed that refuses is
// asked again with pauses, never in a loop; without a service, the data folder is heard.
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountStandings } from '../../src-main/cli/account-standings.ts';
import { StoreGenerationReader, watchDataFolder } from '../../src-main/cli/status-bar/data-folder-watch.ts';
import { askFeed } from '../../src-main/cli/status-bar/feed-client.ts';
import { Follower, type FollowerDeps, type Timers } from '../../src-main/cli/status-bar/follower.ts';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import { startService, type TestService } from '../helpers/service.ts';
import { connectTo, PROVIDER_KEY, startProvider } from '../remote/helpers.ts';

const TOKEN = 'test-token-0123456789';
const START = parseLocalWallTime('2026-11-22T10:35:00', 'Europe/London') ?? 0;

/** Timers the test fires: each pending callback with the delay it was asked for. */
class ManualTimers implements Timers {
  readonly pending = new Map<number, { ms: number; callback: () => void }>();
  #next = 1;
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.pending.set(id, { ms, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  delays(): number[] {
    return [...this.pending.values()].map((t) => t.ms);
  }
  /** Fires the pending timer asked for with `ms`. */
  fire(ms: number): void {
    const entry = [...this.pending].find(([, t]) => t.ms === ms);
    if (entry === undefined) throw new Error(`no timer of ${ms} ms pending (${this.delays().join(', ')})`);
    this.pending.delete(entry[0]);
    entry[1].callback();
  }
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout> | undefined);
  },
};

interface Line {
  text: string;
  tooltip: string;
  class: string;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function follower(
  local: TestService,
  over: Partial<FollowerDeps>,
): { f: Follower; out: string[]; line: (i: number) => Line } {
  const out: string[] = [];
  const f = new Follower({
    format: 'waybar',
    clock: () => START,
    heartbeatMs: 60_000,
    timers: realTimers,
    read: async (service, now) => ({
      now,
      service,
      accounts: (await accountStandings({ dataDir: local.dataDir }, { now })).accounts,
    }),
    write: (text) => {
      out.push(text);
      return true;
    },
    service: () => local.server.url,
    feed: (url, since, signal) => askFeed(url, TOKEN, since, signal),
    storeGeneration: () => undefined,
    // The folder is not watched: what the follower hears, it hears from the feed.
    watch: () => ({ watching: true, stop: () => undefined }),
    ...over,
  });
  cleanups.push(() => {
    f.stop();
  });
  return { f, out, line: (i) => JSON.parse(out[i] ?? 'null') as Line };
}

async function service(): Promise<TestService> {
  const s = await startService({ token: TOKEN });
  cleanups.push(() => s.close());
  return s;
}

describe('the follower', () => {
  it('asks for a heartbeat at 60 s: the same line again with true ages, and stale once the reading is old', async () => {
    const provider = await startProvider(PROVIDER_KEY, { accessLog: true });
    cleanups.push(() => provider.close());
    const local = await service();
    await connectTo(local, `${provider.base}/`, PROVIDER_KEY, 'Hosting');
    const providerCalls = (): number => provider.logs.filter((l) => l.startsWith('GET /account/')).length;
    const callsBefore = providerCalls();
    expect(callsBefore).toBeGreaterThan(0); // connecting asked it: the count sees calls
    let now = START;
    const timers = new ManualTimers();
    const { f, out, line } = follower(local, { timers, clock: () => now });
    await f.start();
    expect(line(0).class).toBe('ok');
    expect(line(0).tooltip).toMatch(/^Hosting: £\S+ ok \(read 0 s ago\)$/);
    // Printed, the follower waits for the heartbeat (and the feed, which sees no change).
    expect(timers.delays()).toEqual([60_000]);
    now += 60_000;
    timers.fire(60_000);
    await vi.waitFor(() => {
      expect(out).toHaveLength(2);
    });
    expect(line(1).class).toBe('ok');
    expect(line(1).tooltip).toMatch(/\(read 60 s ago\)$/);
    // Past the 30 minutes a reading stays fresh (three check intervals) with no answer since.
    now += 30 * 60_000;
    timers.fire(60_000);
    await vi.waitFor(() => {
      expect(out).toHaveLength(3);
    });
    expect(line(2).class).toBe('stale');
    expect(line(2).tooltip).toMatch(/^Hosting: £\S+ stale \(read 31 min ago\)$/);
    expect(timers.delays()).toEqual([60_000]);
    // Following asks no provider: what it shows is what the app stored.
    expect(providerCalls()).toBe(callsBefore);
  });

  it('asks the feed again when the service sheds its connection, and still hears the next change', async () => {
    const local = await service();
    const { accountId } = local.app.domain.createAccount('Home');
    local.app.domain.addEntry(accountId, { at: '2026-11-01 09:00:00', amount: '1500', kind: 'topup' });
    // A proxy in front of the service, so the test can cut the feed's connection as a service shedding it would.
    const sockets = new Set<Socket>();
    let connections = 0;
    const upstreamPort = Number(new URL(local.server.url).port);
    const proxy: Server = createServer((client) => {
      connections += 1;
      const server = connect(upstreamPort, '127.0.0.1');
      for (const s of [client, server]) {
        sockets.add(s);
        s.on('close', () => {
          sockets.delete(s);
        });
        s.on('error', () => undefined);
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    cleanups.push(
      () =>
        new Promise<void>((done) => {
          for (const s of sockets) s.destroy();
          proxy.close(() => {
            done();
          });
        }),
    );
    const via = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
    const { f, out, line } = follower(local, { service: () => via });
    await f.start();
    expect(line(0)).toMatchObject({ text: '£15.00', class: 'ok' });
    // The first ask is answered at once (its `since` is new); the second waits on the service.
    await vi.waitFor(() => {
      expect(connections).toBeGreaterThanOrEqual(2);
      expect(sockets.size).toBeGreaterThan(0);
    });
    const before = connections;
    for (const s of sockets) s.destroy();
    await vi.waitFor(() => {
      expect(connections).toBeGreaterThan(before);
    });
    local.app.domain.addEntry(accountId, { at: '2026-11-20 09:00:00', amount: '2000', kind: 'charge' });
    await vi.waitFor(() => {
      expect(line(out.length - 1)).toMatchObject({ text: '-£5.00', class: 'critical' });
    });
  });

  it('asks a feed that refuses again with growing pauses, never in a loop, and says the service runs', async () => {
    const local = await service();
    local.app.domain.createAccount('Home');
    const timers = new ManualTimers();
    let asks = 0;
    const { f, line } = follower(local, {
      timers,
      feed: (url, since, signal) => {
        asks += 1;
        return askFeed(url, 'not-the-token-0123456789', since, signal);
      },
    });
    await f.start();
    expect(line(0).class).not.toBe('unknown');
    // Refused (401) once: asked again at once; refused again: a pause of 1 s, then 2 s.
    await vi.waitFor(() => {
      expect(timers.delays()).toContain(1000);
    });
    expect(asks).toBe(2);
    timers.fire(1000);
    await vi.waitFor(() => {
      expect(timers.delays()).toContain(2000);
    });
    expect(asks).toBe(3);
  });

  it('without a service: hears another connection write through the data folder and the store generation', async () => {
    const local = await service();
    const { accountId } = local.app.domain.createAccount('Home');
    local.app.domain.addEntry(accountId, { at: '2026-11-01 09:00:00', amount: '1500', kind: 'topup' });
    const generation = new StoreGenerationReader(local.dataDir);
    cleanups.push(() => {
      generation.close();
    });
    const { f, out, line } = follower(local, {
      service: () => undefined,
      storeGeneration: () => generation.read(),
      watch: (onStore, onService) => watchDataFolder(local.dataDir, onStore, onService),
    });
    await f.start();
    expect(line(0)).toMatchObject({ text: '£15.00', class: 'unknown' });
    local.app.domain.addEntry(accountId, { at: '2026-11-20 09:00:00', amount: '2000', kind: 'charge' });
    await vi.waitFor(() => {
      expect(line(out.length - 1)).toMatchObject({ text: '-£5.00', class: 'unknown' });
    });
    expect(line(out.length - 1).tooltip).toMatch(/^Account Monitor is not running/);
  });

  // An address of this machine that is not loopback (a container's or a LAN's), if it has one.
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((i) => i !== undefined && !i.internal && i.family === 'IPv4')?.address;
  it.skipIf(outside === undefined)(
    'sends the access token only to a loopback address (skipped: no other address here)',
    async () => {
      const seen: (string | undefined)[] = [];
      const server = createHttpServer((req, res) => {
        seen.push(req.headers.authorization);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"generation":7}');
      });
      await new Promise<void>((done) => server.listen(0, '0.0.0.0', done));
      cleanups.push(
        () =>
          new Promise<void>((done) => {
            server.close(() => {
              done();
            });
          }),
      );
      const port = (server.address() as AddressInfo).port;
      const signal = new AbortController().signal;
      expect(await askFeed(`http://127.0.0.1:${port}/`, TOKEN, 3, signal)).toBe(7);
      expect(await askFeed(`http://${outside ?? ''}:${port}/`, TOKEN, 3, signal)).toBe(7);
      expect(seen).toEqual([`Bearer ${TOKEN}`, undefined]);
    },
  );
});
