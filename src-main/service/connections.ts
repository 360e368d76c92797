// How many connections the TCP mount keeps. Any local program can open connections and hold
// them; under a desktop's usual limit of 1,024 open files, a few thousand of those would leave
// the service unable to accept one more, and every new request would hang. So the service keeps
// at most `max` connections, and past nine tenths of that it makes room for each newcomer by
// closing, in this order:
//   1. connections idle between requests (kept alive after an answer), longest idle first: a
//      program that sends a small request every few seconds on hundreds of connections holds
//      nothing a newcomer needs;
//   2. connections that have not sent a whole request yet, oldest first (the newest, still
//      sending, is the last to go);
//   3. requests still sending their body (a POST dribbled a byte at a time), oldest first.
// A request whose whole message has arrived and waits for its answer is never closed: a long
// poll of the change feed is one (capped on its own, change-feed.ts), and so is an import being
// read. A connection over the maximum with nothing to shed is closed at once.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Far more than scripts and a browser use, far below the usual file limit. */
export const MAX_CONNECTIONS = 512;

export class ConnectionLimit {
  readonly #max: number;
  readonly #highWater: number;
  /** Open connections, oldest first (a Set keeps insertion order). */
  readonly #open = new Set<Socket>();
  /** Connections between requests, longest idle first (re-added each time one becomes idle). */
  readonly #idle = new Set<Socket>();
  /** Requests in progress on each connection (more than one when a client pipelines). */
  readonly #busy = new Map<Socket, number>();
  /**
   * The request each busy connection sent last: the one still arriving, if any is. Dropped with
   * the answer, so no finished request is kept (20,000 requests of 8 KB showed it in the RSS).
   */
  readonly #latest = new Map<Socket, IncomingMessage>();

  constructor(max = MAX_CONNECTIONS) {
    this.#max = max;
    this.#highWater = Math.max(1, Math.floor(max * 0.9));
  }

  get open(): number {
    return this.#open.size;
  }

  /** Connections idle between requests now (tests, and a figure that can be checked). */
  get idle(): number {
    return this.#idle.size;
  }

  /** A new connection: kept, after room was made for it if needed. */
  accept(socket: Socket): void {
    this.#open.add(socket);
    socket.once('close', () => {
      this.#forget(socket);
    });
    if (this.#open.size > this.#highWater) this.#shed(socket);
  }

  /** A request's headers arrived on its connection: busy until its answer is done, then idle. */
  request(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    this.#idle.delete(socket);
    this.#busy.set(socket, (this.#busy.get(socket) ?? 0) + 1);
    this.#latest.set(socket, req);
    res.once('close', () => {
      this.#answered(socket);
    });
  }

  #answered(socket: Socket): void {
    const left = (this.#busy.get(socket) ?? 1) - 1;
    if (left > 0) {
      this.#busy.set(socket, left);
      return;
    }
    this.#busy.delete(socket);
    this.#latest.delete(socket);
    if (this.#open.has(socket) && !socket.destroyed) this.#idle.add(socket);
  }

  #forget(socket: Socket): void {
    this.#open.delete(socket);
    this.#idle.delete(socket);
    this.#busy.delete(socket);
    this.#latest.delete(socket);
  }

  #close(socket: Socket): void {
    this.#forget(socket);
    socket.destroy();
  }

  /** Still sending its body: a request whose message has not wholly arrived. */
  #uploading(socket: Socket): boolean {
    return this.#busy.has(socket) && this.#latest.get(socket)?.complete === false;
  }

  #shed(newest: Socket): void {
    const over = (): boolean => this.#open.size > this.#highWater;
    for (const socket of this.#idle) {
      if (!over()) return;
      this.#close(socket);
    }
    for (const socket of this.#open) {
      if (!over()) return;
      if (socket !== newest && !this.#busy.has(socket) && !this.#idle.has(socket)) this.#close(socket);
    }
    for (const socket of this.#open) {
      if (!over()) return;
      if (socket !== newest && this.#uploading(socket)) this.#close(socket);
    }
    if (this.#open.size > this.#max) this.#close(newest);
  }
}
