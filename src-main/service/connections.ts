// How many connections the TCP mount keeps. Any local program can open connections and send
// nothing on them; under a desktop's usual limit of 1,024 open files, a few thousand of those
// would leave the service unable to accept one more, and every new request would hang. So the
// service keeps at most `max` connections: past nine tenths of that it closes the oldest ones
// that have not sent a whole request yet (new ones, still sending, are the last to go), and a
// connection over the maximum with nothing to shed is closed at once.
import type { Socket } from 'node:net';

/** Far more than scripts and a browser use, far below the usual file limit. */
export const MAX_CONNECTIONS = 512;

export class ConnectionLimit {
  readonly #max: number;
  readonly #highWater: number;
  /** Open connections, oldest first (a Set keeps insertion order). */
  readonly #open = new Set<Socket>();
  /** Connections that have sent at least one whole request. */
  readonly #served = new WeakSet<Socket>();

  constructor(max = MAX_CONNECTIONS) {
    this.#max = max;
    this.#highWater = Math.max(1, Math.floor(max * 0.9));
  }

  get open(): number {
    return this.#open.size;
  }

  /** A new connection: kept, after room was made for it if needed. */
  accept(socket: Socket): void {
    this.#open.add(socket);
    socket.once('close', () => {
      this.#open.delete(socket);
    });
    if (this.#open.size > this.#highWater) this.#shed(socket);
  }

  /** A whole request arrived on `socket`: it is in use, not idle. */
  served(socket: Socket): void {
    this.#served.add(socket);
  }

  #close(socket: Socket): void {
    this.#open.delete(socket);
    socket.destroy();
  }

  #shed(newest: Socket): void {
    for (const socket of this.#open) {
      if (this.#open.size <= this.#highWater) break;
      if (socket !== newest && !this.#served.has(socket)) this.#close(socket);
    }
    if (this.#open.size > this.#max) this.#close(newest);
  }
}
