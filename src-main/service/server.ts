// The TCP mount: node:http on 127.0.0.1 by default, through @hono/node-server's listener (it
// avoids building full Fetch objects unless a route needs them), or light-listener.ts when
// `serve` runs with the light Fetch classes. Malformed requests that never reach the handler
// (bad request lines, oversized headers) still get an XML answer, idle connections cannot crowd
// out new ones (connections.ts), and slow ones are closed (deadlines.ts).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import type { ServiceErrorCode } from '../../src-shared/vocabulary.ts';
import { errorXml } from './xml.ts';
import { ConnectionLimit, MAX_CONNECTIONS } from './connections.ts';
import { enforceDeadlines, NODE_CHECK_INTERVAL_MS, type Deadlines } from './deadlines.ts';
import { XML_HEADERS } from './errors.ts';
import { primeNextTick, serveFast, type FastPath } from './fast-path/index.ts';
import { isLoopbackName } from '../../src-shared/loopback.ts';
import { isLoopbackHost } from './guards.ts';
import type { FetchHandler } from './handler.ts';
import { FORBIDDEN_HOST_MESSAGE } from './middleware.ts';
import { lightFetchInstalled, lightListener } from './light-listener.ts';
import { detailOf, messageOf } from '../../src-shared/message-of.ts';

// Required, not imported: an ESM import of node:http reads every export of the module, and some
// are getters that load Node's whole fetch implementation (about 60 ms of the start-up here).
const { createServer } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

export interface Listening {
  port: number;
  /** The address bound, as a URL writes it (0.0.0.0, [::1]). */
  host: string;
  /**
   * The base URL to open here, e.g. http://127.0.0.1:8417/: always a loopback name, the only
   * Host the service answers (guards.ts), whatever address was bound.
   */
  url: string;
  /** False when bound to a single address other than loopback: `url` is then reached only through a forwarded port. */
  reachableHere: boolean;
  server: Server;
  close(): Promise<void>;
}

export class ListenError extends Error {
  override name = 'ListenError';
}

function rawXmlError(status: number, reason: string, code: ServiceErrorCode, message: string): string {
  const body = errorXml(code, message);
  const headers = Object.entries(XML_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${reason}\r\n${headers.join('')}Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/**
 * The loopback name a browser on this machine uses for the bound address: the address itself
 * when it is loopback, 127.0.0.1 or [::1] for every interface; undefined for any other single
 * address, which this machine's loopback does not reach.
 */
function localName(address: AddressInfo): string | undefined {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  if (isLoopbackName(host)) return host;
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '[::1]';
  return undefined;
}

export interface ListenOptions {
  host: string;
  port: number;
  log?: (line: string) => void;
  /** Answers the spec's hot GET routes without Fetch objects (fast-path/); without it, the router answers everything. */
  fastPath?: FastPath | undefined;
  /** Most connections kept open at once (default MAX_CONNECTIONS). */
  maxConnections?: number;
  /** How long a request may take to arrive (default DEADLINES). */
  deadlines?: Deadlines | undefined;
  /** Told of each request as it arrives (a process that stays up counts them: optimizing-tiers.ts). */
  onRequest?: (() => void) | undefined;
}

export function listen(handler: FetchHandler, options: ListenOptions): Promise<Listening> {
  // A tuning of Node's HTTP stack that came with the fast path: both go with it (fast-path/README.md).
  if (options.fastPath !== undefined) primeNextTick();
  const log = options.log ?? ((): void => undefined);
  // Loaded on the first request the fast path leaves to the router: importing it makes Node load
  // its whole fetch implementation (about 80 ms, a third of the start-up), which the spec
  // endpoints' fast path never needs.
  let listener: Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> | undefined;
  const unreadable = (err: unknown): Response => {
    log(`request failed before the handler: ${messageOf(err)}`);
    return new Response(errorXml('bad_request', 'the request could not be read'), {
      status: 400,
      headers: XML_HEADERS,
    });
  };
  const routed = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // With the light Fetch classes installed (serve: light-listener.ts), Node's own are never loaded.
    listener ??= lightFetchInstalled()
      ? Promise.resolve(lightListener(handler, unreadable))
      : import('@hono/node-server').then(({ getRequestListener }) =>
          getRequestListener(handler, { errorHandler: unreadable }),
        );
    await (
      await listener
    )(req, res);
  };
  const fastPath = options.fastPath;
  const onRequest = options.onRequest;
  const connections = new ConnectionLimit(options.maxConnections ?? MAX_CONNECTIONS);
  // Node's own request and headers timeouts are off: deadlines.ts gives each connection its
  // own, so that no timer runs while no connection is open.
  const server = createServer(
    {
      maxHeaderSize: 16 * 1024,
      requestTimeout: 0,
      headersTimeout: 0,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: NODE_CHECK_INTERVAL_MS,
    },
    (req, res) => {
      connections.request(req, res);
      onRequest?.();
      if (fastPath !== undefined && serveFast(fastPath, req, res, log)) return;
      // A Host no URL parser takes (127.0.0.256, port 99999) would fail the router's URL: refused
      // here, as the router refuses any other foreign Host.
      if (!isLoopbackHost(req.headers.host)) {
        const body = errorXml('forbidden_host', FORBIDDEN_HOST_MESSAGE);
        res.writeHead(403, { ...XML_HEADERS, 'Content-Length': String(Buffer.byteLength(body)) });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      routed(req, res).catch((err: unknown) => {
        log(`unexpected error: ${detailOf(err)}`);
        if (!res.headersSent) res.writeHead(500, XML_HEADERS);
        res.end(errorXml('internal_error', 'something went wrong inside the service; it has been logged'));
      });
    },
  );
  server.on('connection', (socket: Socket) => {
    connections.accept(socket);
  });
  enforceDeadlines(server, options.deadlines);
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const answer =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? rawXmlError(
            431,
            'Request Header Fields Too Large',
            'headers_too_large',
            'the request line or headers are larger than 16 KiB',
          )
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? rawXmlError(408, 'Request Timeout', 'timeout', 'the request took too long to arrive')
          : rawXmlError(400, 'Bad Request', 'bad_request', 'the request is not valid HTTP');
    socket.end(answer);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        reject(
          new ListenError(
            `port ${options.port} on ${options.host} is already in use: stop the program using it or choose another port`,
          ),
        );
      else if (err.code === 'EACCES')
        reject(
          new ListenError(`not allowed to listen on port ${options.port} on ${options.host}: choose a port above 1023`),
        );
      else reject(new ListenError(`cannot listen on ${options.host}:${options.port}: ${err.message}`));
    });
    server.listen(options.port, options.host, () => {
      const address = server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const here = localName(address);
      resolvePromise({
        port: address.port,
        host,
        url: `http://${here ?? 'localhost'}:${address.port}/`,
        reachableHere: here !== undefined,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => {
              done();
            });
            server.closeAllConnections();
          }),
      });
    });
  });
}
