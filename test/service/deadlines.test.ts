// Requests that arrive too slowly are answered 408 and closed (deadlines.ts), through the real
// TCP mount on port 0 with short deadlines; and a service with no connection open runs no timer
// that would wake it (Node's own timeout check did, every second). Nothing here waits on a clock:
// each test waits for the server to close a connection.
import { createHook } from 'node:async_hooks';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEADLINES, NODE_CHECK_INTERVAL_MS, type Deadlines } from '../../src-main/service/deadlines.ts';
import { listen, type Listening } from '../../src-main/service/server.ts';

let server: Listening | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** An answer held until `release` is called: a request that takes longer than the deadlines to answer. */
let release: () => void = () => undefined;
/** Called when the held request reaches the handler. */
let arrived: () => void = () => undefined;

async function start(deadlines: Deadlines = { headersMs: 150, requestMs: 150 }): Promise<Listening> {
  server = await listen(
    async (req) => {
      if (new URL(req.url).pathname === '/held') {
        arrived();
        await new Promise<void>((r) => (release = r));
      } else if (req.method === 'POST') await req.text();
      return new Response('ok', { headers: { 'content-type': 'text/plain' } });
    },
    { host: '127.0.0.1', port: 0, deadlines },
  );
  return server;
}

/** A raw connection: what it was sent back, whole once the server has closed it. */
function open(port: number): { socket: Socket; received: Promise<string>; data: () => string } {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  const received = new Promise<string>((resolve) =>
    socket.once('close', () => {
      resolve(text);
    }),
  );
  return { socket, received, data: () => text };
}

/** Resolves once `check` holds, checking after each chunk the socket receives. */
function whenReceived(socket: Socket, data: () => string, check: (text: string) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = (): void => {
      if (!check(data())) return;
      socket.off('data', look);
      resolve();
    };
    socket.on('data', look);
    look();
  });
}

describe('deadlines', () => {
  it('closes a connection that sends nothing with a 408 in XML', async () => {
    const { port } = await start();
    const answer = await open(port).received;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('<code>timeout</code>');
  });

  it('closes a connection whose headers never end', async () => {
    const { port } = await start();
    const c = open(port);
    c.socket.write(`GET /x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
    expect(await c.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a request whose body stops arriving', async () => {
    const { port } = await start();
    const c = open(port);
    c.socket.write(`POST /x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 10\r\n\r\nab`);
    expect(await c.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('lets a whole request take as long as its answer needs, then owes the next headers again', async () => {
    const { port } = await start();
    const inHandler = new Promise<void>((r) => (arrived = r));
    const held = open(port);
    held.socket.write(`GET /held HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    // A second, silent connection opened after the held request's timers were armed with the
    // same deadlines: once it is closed, the held request's deadlines have passed too.
    await inHandler;
    const silent = open(port);
    expect(await silent.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(held.data()).toBe('');
    release();
    await whenReceived(held.socket, held.data, (text) => text.endsWith('ok'));
    expect(held.data()).toMatch(/^HTTP\/1\.1 200 /);
    // Kept alive and then silent: closed once the next request's headers are late.
    expect(await held.received).toMatch(/okHTTP\/1\.1 408 /);
  });

  it("makes no timer that repeats, but for Node's own check about every 24 days", async () => {
    // Every repeating timer made while the service starts, answers and closes a connection.
    // `_repeat` is a Timeout's interval, null for a one-off (Node's own field on its Timeout
    // objects; no public getter exists). One-off timers come and go with the work (a
    // connection's deadline; Node's cache of the Date header, for up to a second).
    const repeating: number[] = [];
    const hook = createHook({
      init(_id, type, _trigger, resource) {
        const every = type === 'Timeout' ? (resource as { _repeat: number | null })._repeat : null;
        if (every !== null) repeating.push(every);
      },
    });
    hook.enable();
    try {
      const { port } = await start(DEADLINES);
      const c = open(port);
      c.socket.end(`GET /x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      expect(await c.received).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      hook.disable();
    }
    expect(repeating).toEqual([NODE_CHECK_INTERVAL_MS]);
  });
});
