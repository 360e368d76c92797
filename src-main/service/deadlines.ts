// How long the TCP mount waits for a request to arrive. A connection that never finishes its
// headers, or dribbles its body a byte at a time, would otherwise hold its place for ever (the
// connection limit sheds such connections only when the service is nearly full).
//
// Node's own headersTimeout and requestTimeout are checked by one timer that runs every
// connectionsCheckingInterval whether or not any connection is open: at the 1 s this service
// needed for a 10 s deadline, it was the only thing that woke an idle service every second
// (about three quarters of its CPU between checks). So each connection carries its own timer
// instead, armed only while the service waits for it: from its opening or its last answer until
// its next request's headers are in, and from those headers until the request's body is in. An
// idle service with no connection runs no timer at all.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface Deadlines {
  /** From a connection's opening or its last answer to the next request's headers. */
  headersMs: number;
  /** From a request's headers to the end of its body. */
  requestMs: number;
}

export const DEADLINES: Deadlines = { headersMs: 10_000, requestMs: 30_000 };

/**
 * Node's own check, made as rare as setInterval allows (about 24 days): the deadlines below do
 * its work. Passed as `connectionsCheckingInterval` with Node's timeouts off.
 */
export const NODE_CHECK_INTERVAL_MS = 0x7fffffff;

/** The error Node itself raises for a late request, so both take the same `clientError` path (a 408). */
function lateRequest(): NodeJS.ErrnoException {
  return Object.assign(new Error('the request took too long to arrive'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
}

/** What each connection owes: requests in progress, and its deadline's timer while one runs. */
interface Owed {
  inProgress: number;
  timer: NodeJS.Timeout | undefined;
}

/** Arms and clears each connection's deadline on `server`. */
export function enforceDeadlines(server: Server, deadlines: Deadlines = DEADLINES): void {
  const owed = new WeakMap<Socket, Owed>();
  const clear = (state: Owed): void => {
    if (state.timer !== undefined) clearTimeout(state.timer);
    state.timer = undefined;
  };
  /** Closes the connection with a 408 after `ms`, unless by then `late()` says it is not late. */
  const arm = (socket: Socket, state: Owed, ms: number, late: () => boolean): void => {
    clear(state);
    if (socket.destroyed) return;
    state.timer = setTimeout(() => {
      state.timer = undefined;
      if (!socket.destroyed && late()) server.emit('clientError', lateRequest(), socket);
    }, ms);
    // The server keeps the process alive; a connection's deadline must not on its own.
    state.timer.unref();
  };
  /** Between requests: late when no request has come in by then. */
  const awaitHeaders = (socket: Socket, state: Owed): void => {
    arm(socket, state, deadlines.headersMs, () => state.inProgress === 0);
  };
  server.on('connection', (socket: Socket) => {
    const state: Owed = { inProgress: 0, timer: undefined };
    owed.set(socket, state);
    awaitHeaders(socket, state);
    socket.once('close', () => {
      clear(state);
    });
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const state = owed.get(socket);
    if (state === undefined) return;
    state.inProgress += 1;
    // Late when its body is still arriving by then (`complete` turns true with the body's last
    // byte, read or not); a request whose body is in may take as long as its answer needs (the
    // change feed's long poll).
    arm(socket, state, deadlines.requestMs, () => !req.complete);
    res.once('close', () => {
      state.inProgress -= 1;
      // Kept alive after the last answer: the next request's headers are owed from then on.
      if (state.inProgress === 0) awaitHeaders(socket, state);
    });
  });
}
