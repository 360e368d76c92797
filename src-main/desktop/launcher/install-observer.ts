// Loaded into the electron package's own installer (`node --import <this> install.js`) by
// install-electron.ts, to watch what it does on the network without changing any of it: it only
// subscribes to the diagnostics channels of Node's fetch (undici) and writes one JSON line per
// event to file descriptor 3, which the parent reads for progress, deadlines and reasons.
// The installer keeps its own behaviour: ELECTRON_MIRROR, electron_config_cache, proxies and
// checksum verification are untouched.
import { subscribe } from 'node:diagnostics_channel';
import { writeSync } from 'node:fs';

export type InstallEvent =
  | { t: 'request'; url: string }
  | { t: 'connecting'; origin: string }
  | { t: 'connected'; origin: string }
  | { t: 'connect-error'; origin: string; code: string; message: string }
  | { t: 'headers'; url: string; status: number; length: number | null }
  | { t: 'bytes'; n: number }
  | { t: 'done'; url: string }
  | { t: 'error'; url: string; message: string };

const OUT = 3;

function send(event: InstallEvent): void {
  try {
    writeSync(OUT, `${JSON.stringify(event)}\n`);
  } catch {
    // No reader on fd 3 (run by hand): observing is optional.
  }
}

interface ConnectParams {
  connectParams?: { protocol?: string; hostname?: string; host?: string; port?: string | number };
  error?: { code?: string; message?: string };
}
interface RequestMessage {
  request?: { origin?: string | URL; path?: string };
  response?: { statusCode?: number; headers?: (Buffer | string)[] };
  chunk?: { length: number };
  error?: { message?: string };
}

function originOf(message: ConnectParams): string {
  const p = message.connectParams ?? {};
  const host = p.hostname ?? p.host ?? '?';
  return `${p.protocol ?? ''}//${host}${p.port === undefined || p.port === '' ? '' : `:${String(p.port)}`}`;
}

function urlOf(message: RequestMessage): string {
  const origin = message.request?.origin;
  return `${origin === undefined ? '' : String(origin)}${message.request?.path ?? ''}`;
}

function contentLength(headers: (Buffer | string)[] | undefined): number | null {
  const list = headers ?? [];
  for (let i = 0; i + 1 < list.length; i += 2) {
    if (String(list[i]).toLowerCase() === 'content-length') {
      const n = Number(String(list[i + 1]));
      return Number.isSafeInteger(n) && n >= 0 ? n : null;
    }
  }
  return null;
}

subscribe('undici:request:create', (m) => {
  send({ t: 'request', url: urlOf(m as RequestMessage) });
});
subscribe('undici:client:beforeConnect', (m) => {
  send({ t: 'connecting', origin: originOf(m as ConnectParams) });
});
subscribe('undici:client:connected', (m) => {
  send({ t: 'connected', origin: originOf(m as ConnectParams) });
});
subscribe('undici:client:connectError', (m) => {
  const message = m as ConnectParams;
  send({
    t: 'connect-error',
    origin: originOf(message),
    code: message.error?.code ?? '',
    message: message.error?.message ?? '',
  });
});
subscribe('undici:request:headers', (m) => {
  const message = m as RequestMessage;
  send({
    t: 'headers',
    url: urlOf(message),
    status: message.response?.statusCode ?? 0,
    length: contentLength(message.response?.headers),
  });
});
subscribe('undici:request:bodyChunkReceived', (m) => {
  const n = (m as RequestMessage).chunk?.length ?? 0;
  if (n > 0) send({ t: 'bytes', n });
});
subscribe('undici:request:trailers', (m) => {
  send({ t: 'done', url: urlOf(m as RequestMessage) });
});
subscribe('undici:request:error', (m) => {
  const message = m as RequestMessage;
  send({ t: 'error', url: urlOf(message), message: message.error?.message ?? '' });
});
