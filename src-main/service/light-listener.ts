// The TCP mount's adapter from node:http to the Fetch handler when `serve` runs with the light
// Fetch classes (light-fetch.ts) as its globals: each request becomes a LightRequest (its body
// left on the socket until the handler reads it) and each answer is written as given (text and
// bytes in one write; a web stream chunk by chunk, waiting for the socket to drain).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FetchHandler } from './handler.ts';
import { LightHeaders, LightRequest, LightResponse } from './light-fetch.ts';

/**
 * Makes the light classes the process's Request, Response and Headers. For `serve` only, before
 * its first request: Node's own are never loaded then. Not for Electron's main process, whose
 * protocol handler needs Electron's own Fetch objects.
 */
export function installLightFetch(): void {
  const classes: [string, unknown][] = [
    ['Headers', LightHeaders],
    ['Request', LightRequest],
    ['Response', LightResponse],
  ];
  // Assigned, not defined: Node's globals are lazy, and redefining one (like reading it) loads undici.
  const globals = globalThis as unknown as Record<string, unknown>;
  for (const [name, value] of classes) globals[name] = value;
}

/** Whether the globals are the light classes (installLightFetch ran). */
export function lightFetchInstalled(): boolean {
  return (globalThis as { Response?: unknown }).Response === LightResponse;
}

async function writeStream(stream: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = stream.getReader();
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), closed.then(() => undefined)]);
      if (next === undefined || res.destroyed) {
        await reader.cancel().catch(() => undefined);
        return;
      }
      if (next.done) break;
      if (!res.write(next.value)) await Promise.race([new Promise((r) => res.once('drain', r)), closed]);
    }
    res.end();
  } finally {
    reader.releaseLock();
  }
}

/** Node's request listener for `handler`, which answers with LightResponse (or any Response). */
export function lightListener(
  handler: FetchHandler,
  onUnreadable: (err: unknown) => Response,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    let request: LightRequest;
    try {
      request = LightRequest.fromIncoming(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, req);
    } catch (err) {
      // A request no Request can be made of (its URL): answered here, as Hono's adapter does.
      await write(onUnreadable(err), req, res);
      return;
    }
    await write(await handler(request as unknown as Request), req, res);
  };
}

async function write(answer: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const source = answer instanceof LightResponse ? answer.takeSource() : answer.body;
  const headers: string[] = [];
  answer.headers.forEach((value, name) => {
    headers.push(name, value);
  });
  const whole = typeof source === 'string' || source instanceof Uint8Array;
  // Text and bytes go in one write with their length, so the connection can be kept alive.
  if (whole && !answer.headers.has('content-length'))
    headers.push('content-length', String(typeof source === 'string' ? Buffer.byteLength(source) : source.byteLength));
  res.writeHead(answer.status, answer.statusText || undefined, headers);
  if (req.method === 'HEAD' || source === null || source === undefined) res.end();
  else if (whole) res.end(source);
  else if (typeof (source as ReadableStream).getReader === 'function')
    await writeStream(source as ReadableStream<Uint8Array>, res);
  else res.end();
}
