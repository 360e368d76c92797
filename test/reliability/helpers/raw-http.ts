// Sends bytes that fetch() cannot express (bad methods, NUL, raw invalid UTF-8, broken headers)
// over a plain socket, and reads back just enough of the answer to judge it.
import { connect } from 'node:net';

export interface RawAnswer {
  /** HTTP status, or 0 when the server closed without an answer, -1 on timeout. */
  status: number;
  ms: number;
  head: string;
  body: Buffer;
}

/** The payload of a whole chunked body, or undefined while its last chunk has not arrived. */
function dechunk(raw: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) return undefined;
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (Number.isNaN(size)) return Buffer.concat(parts);
    if (size === 0) return raw.indexOf('\r\n', eol + 2) < 0 ? undefined : Buffer.concat(parts);
    if (raw.length < eol + 2 + size + 2) return undefined;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** Parses a complete response out of `buf`, or returns undefined when more bytes are needed. */
function parse(
  buf: Buffer,
  isHead: boolean,
  closed: boolean,
): { status: number; head: string; body: Buffer } | undefined {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = buf.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  const rest = buf.subarray(end + 4);
  if (isHead || status === 204 || status === 304) return { status, head, body: Buffer.alloc(0) };
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length?.[1] !== undefined) {
    const n = Number(length[1]);
    return rest.length >= n ? { status, head, body: rest.subarray(0, n) } : undefined;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const body = dechunk(rest);
    return body === undefined ? undefined : { status, head, body };
  }
  return closed ? { status, head, body: rest } : undefined;
}

export function rawRequest(port: number, request: Buffer | string, timeoutMs = 1000): Promise<RawAnswer> {
  const isHead = /^HEAD /.test(typeof request === 'string' ? request : request.subarray(0, 5).toString('latin1'));
  const t0 = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let buf = Buffer.alloc(0);
    let settled = false;
    const finish = (a: RawAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(a);
    };
    const timer = setTimeout(() => {
      finish({ status: -1, ms: performance.now() - t0, head: '', body: buf });
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      const p = parse(buf, isHead, false);
      if (p) finish({ ...p, ms: performance.now() - t0 });
    });
    const onClosed = (): void => {
      const p = parse(buf, isHead, true);
      finish(
        p
          ? { ...p, ms: performance.now() - t0 }
          : {
              status: 0,
              ms: performance.now() - t0,
              head: buf.toString('latin1').slice(0, 200),
              body: Buffer.alloc(0),
            },
      );
    };
    socket.on('end', onClosed);
    socket.on('close', onClosed);
    // A reset after the server answered and closed is normal for a rejected request; a refused
    // connection means the server is gone.
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNREFUSED')
        finish({ status: 0, ms: performance.now() - t0, head: 'ECONNREFUSED', body: Buffer.alloc(0) });
      else onClosed();
    });
    socket.write(request);
  });
}

/** Runs `jobs` with at most `width` in flight. */
export async function pool<T, R>(items: T[], width: number, job: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await job(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}
