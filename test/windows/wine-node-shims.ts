// Loaded (node --import) into every Windows Node the unit suite starts under Wine, to step around
// one bug of Wine 8 that real Windows does not have: TCP keep-alive set on a socket before it has
// connected (WSAIoctl SIO_KEEPALIVE_VALS) makes Wine fail the connect, which libuv reports as
// "connect UNKNOWN". Node's fetch (undici) sets it exactly then, so every fetch failed, in the
// tests and in the app's own webhook channel alike. Here keep-alive waits for the connection.
import { Socket } from 'node:net';

// eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called with each socket as `this` below
const setKeepAlive = Socket.prototype.setKeepAlive;
Socket.prototype.setKeepAlive = function (this: Socket, ...args: unknown[]): Socket {
  // The arguments go on as they came, to whichever of setKeepAlive's forms was called.
  const keep = (): Socket => Reflect.apply(setKeepAlive, this, args) as Socket;
  if (!this.connecting) return keep();
  this.once('connect', keep);
  return this;
};
