// The connection limit against a program that holds connections the way a browser does: 600
// kept-alive connections, each sending one small request per round (a round stands for the
// review's "every 3 s"; the rounds are driven here, nothing waits on a clock). Connections idle
// between requests are shed, longest idle first, so 5 newcomers are all answered, while a long
// poll of the change feed in progress (a request waiting for its answer, not idle) is kept.
import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionLimit } from '../../src-main/service/connections.ts';
import { startService, type TestService } from '../helpers/service.ts';

let svc: TestService;
beforeEach(async () => {
  svc = await startService();
});
afterEach(async () => {
  await svc.close();
});

/** One kept-alive connection sending GETs one after another; 0 when the server closed it first. */
class KeptAlive {
  #socket: Socket | undefined;
  #buffer = '';
  #waiting: ((status: number) => void) | undefined;
  readonly #port: number;

  constructor(port: number) {
    this.#port = port;
  }

  /** Sends one request (opening the connection again when the server had closed it). */
  get(path: string): Promise<number> {
    const socket = this.#socket ?? this.#open();
    return new Promise((resolve) => {
      this.#waiting = resolve;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${this.#port}\r\n\r\n`);
    });
  }

  #open(): Socket {
    const socket = connect(this.#port, '127.0.0.1');
    this.#socket = socket;
    this.#buffer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.#buffer += chunk;
      const end = this.#buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(this.#buffer.slice(0, end))?.[1] ?? 0);
      if (this.#buffer.length < end + 4 + length) return;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(this.#buffer)?.[1] ?? 0);
      this.#buffer = this.#buffer.slice(end + 4 + length);
      this.#settle(status);
    });
    socket.on('error', () => {
      /* closed by the server to make room: the request counts as unanswered */
    });
    socket.on('close', () => {
      if (this.#socket === socket) this.#socket = undefined;
      this.#settle(0);
    });
    return socket;
  }

  #settle(status: number): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.(status);
  }

  close(): void {
    this.#socket?.destroy();
  }
}

/** Runs `task` over `items`, `width` at a time. */
async function pool<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i] as T);
      }
    }),
  );
  return results;
}

describe('the connection limit', () => {
  it('600 kept-alive connections sending a small request each round: 5 newcomers are all answered, a long poll is kept', async () => {
    const { key } = svc.app.domain.createAccount('Hosting');
    const port = svc.server.port;
    const path = `/account/get_balance/?key=${key}`;
    // A long poll of the change feed, waiting for the next change.
    const auth = { Authorization: 'Bearer test-token-0123456789' };
    const { generation } = (await (await fetch(`${svc.base}/app/changes`, { headers: auth })).json()) as {
      generation: number;
    };
    const longPoll = fetch(`${svc.base}/app/changes?since=${generation}`, { headers: auth }).then(
      async (r) => ((await r.json()) as { generation: number }).generation,
    );
    const flood = Array.from({ length: 600 }, () => new KeptAlive(port));
    try {
      // Two rounds: every connection opened (those shed open again) and left idle after its answer.
      for (let round = 0; round < 2; round++) await pool(flood, 50, (c) => c.get(path));
      // The third round runs while the newcomers arrive, each on a connection of its own.
      const newcomers = Array.from({ length: 5 }, () => new KeptAlive(port));
      const [answers] = await Promise.all([
        Promise.all(newcomers.map((c) => c.get(path))),
        pool(flood, 50, (c) => c.get(path)),
      ]);
      for (const c of newcomers) c.close();
      expect(answers).toEqual([200, 200, 200, 200, 200]);
      // The long poll is still there: a change answers it.
      svc.app.domain.createAccount('Another');
      expect(await longPoll).toBeGreaterThan(generation);
    } finally {
      for (const c of flood) c.close();
    }
  });
});

describe('ConnectionLimit', () => {
  /** A socket stand-in: what ConnectionLimit uses of one (close events, destroy). */
  class FakeSocket {
    destroyed = false;
    readonly #onClose: (() => void)[] = [];
    once(_event: 'close', listener: () => void): void {
      this.#onClose.push(listener);
    }
    destroy(): void {
      this.destroyed = true;
      for (const l of this.#onClose.splice(0)) l();
    }
  }
  /** A request and its answer on `socket`; `done()` ends the answer. */
  function exchange(socket: FakeSocket, complete = true): { req: never; res: never; done: () => void } {
    const listeners: (() => void)[] = [];
    return {
      req: { socket, complete } as never,
      res: { once: (_e: 'close', l: () => void) => listeners.push(l) } as never,
      done: () => {
        for (const l of listeners.splice(0)) l();
      },
    };
  }

  it('sheds the longest idle first, then those still sending headers, then uploads; never a request waiting for its answer', () => {
    // At most 10: past 9 open, room is made for each newcomer.
    const limit = new ConnectionLimit(10);
    const closed: number[] = [];
    const s = Array.from({ length: 17 }, (_, i) => {
      const socket = new FakeSocket();
      socket.once('close', () => closed.push(i));
      return socket;
    });
    const accept = (i: number): void => {
      limit.accept(s[i] as never);
    };
    for (let i = 0; i < 9; i++) accept(i);
    // 0-2 wait for their answers (a long poll), 3 uploads slowly, 4-6 were answered (idle since
    // in the order 6, 4, 5), 7-8 have not sent a whole request.
    for (const i of [0, 1, 2]) {
      const e = exchange(s[i] as FakeSocket);
      limit.request(e.req, e.res);
    }
    const upload = exchange(s[3] as FakeSocket, false);
    limit.request(upload.req, upload.res);
    for (const i of [6, 4, 5]) {
      const e = exchange(s[i] as FakeSocket);
      limit.request(e.req, e.res);
      e.done();
    }
    expect(limit.idle).toBe(3);
    // Each newcomer sends its whole request at once and waits for the answer.
    for (let i = 9; i < 17; i++) {
      accept(i);
      const e = exchange(s[i] as FakeSocket);
      limit.request(e.req, e.res);
    }
    // Idle (longest first), then headers (oldest first), then the upload; with only answers
    // awaited left, a tenth is kept (the maximum) and an eleventh, the newest, is closed.
    expect(closed).toEqual([6, 4, 5, 7, 8, 3, 16]);
    expect(limit.open).toBe(10);
  });
});
