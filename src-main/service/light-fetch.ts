// Headers, Request and Response for the TCP mount of `serve`, without Node's Fetch implementation
// (undici: 16 MB in a bare Node, about 4 MB of `serve`'s RSS, held once loaded, for a handler whose
// answers are strings and bytes). The one handler (handler.ts) stays a Fetch handler: Hono makes
// its answers with the global Response and Headers, so `serve` installs these classes as the
// globals before its first request (installLightFetch), as @hono/node-server's listener itself
// replaces the global Request and Response (with classes that still load undici). They do what
// the handler and Hono use: headers by case-insensitive name, bodies of text, bytes or a web
// stream, read once. Electron's mount and the tests keep the real classes.
import type { IncomingMessage } from 'node:http';

/** Header names as RFC 9110 tokens; values without NUL, CR or LF (Fetch's rules). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAD_VALUE = /[\0\r\n]/;

type HeaderSource = LightHeaders | Headers | Record<string, string> | Iterable<readonly string[]>;

function checkedName(name: string): string {
  if (!TOKEN.test(name)) throw new TypeError(`invalid header name: ${JSON.stringify(name).slice(0, 40)}`);
  return name.toLowerCase();
}

function checkedValue(value: string): string {
  const trimmed = value.trim();
  if (BAD_VALUE.test(trimmed)) throw new TypeError('invalid header value');
  return trimmed;
}

export class LightHeaders {
  readonly #values = new Map<string, string>();
  /** Set-Cookie lines, kept apart: they are never joined with commas. */
  #cookies: string[] = [];

  constructor(init?: HeaderSource | null) {
    if (init === undefined || init === null) return;
    if (init instanceof LightHeaders || (typeof (init as Headers).forEach === 'function' && !Array.isArray(init))) {
      (init as LightHeaders).forEach((value, name) => {
        this.append(name, value);
      });
      if (init instanceof LightHeaders) this.#cookies = [...init.#cookies];
      return;
    }
    if (typeof (init as Iterable<unknown>)[Symbol.iterator] === 'function') {
      for (const pair of init as Iterable<readonly string[]>) {
        const [name, value] = pair;
        if (pair.length !== 2 || name === undefined || value === undefined)
          throw new TypeError('a header must be a name and a value');
        this.append(name, value);
      }
      return;
    }
    for (const [name, value] of Object.entries(init as Record<string, string>)) this.append(name, value);
  }

  append(name: string, value: string): void {
    const key = checkedName(name);
    const v = checkedValue(value);
    if (key === 'set-cookie') {
      this.#cookies.push(v);
      return;
    }
    const had = this.#values.get(key);
    this.#values.set(key, had === undefined ? v : `${had}, ${v}`);
  }

  set(name: string, value: string): void {
    const key = checkedName(name);
    const v = checkedValue(value);
    if (key === 'set-cookie') this.#cookies = [v];
    else this.#values.set(key, v);
  }

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (key === 'set-cookie') return this.#cookies.length === 0 ? null : this.#cookies.join(', ');
    return this.#values.get(key) ?? null;
  }

  getSetCookie(): string[] {
    return [...this.#cookies];
  }

  has(name: string): boolean {
    const key = name.toLowerCase();
    return key === 'set-cookie' ? this.#cookies.length > 0 : this.#values.has(key);
  }

  delete(name: string): void {
    const key = name.toLowerCase();
    if (key === 'set-cookie') this.#cookies = [];
    else this.#values.delete(key);
  }

  /** Sorted by name, as Fetch iterates; each Set-Cookie line on its own. */
  *entries(): IterableIterator<[string, string]> {
    const names = [...this.#values.keys()];
    if (this.#cookies.length > 0) names.push('set-cookie');
    for (const name of names.sort()) {
      if (name === 'set-cookie') for (const c of this.#cookies) yield [name, c];
      else yield [name, this.#values.get(name) ?? ''];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  forEach(fn: (value: string, name: string, parent: LightHeaders) => void): void {
    for (const [name, value] of this.entries()) fn(value, name, this);
  }
}

/** A body as given: text, bytes, a web stream, the request's own socket stream, or nothing. */
type Source = string | Uint8Array | ReadableStream<Uint8Array> | IncomingMessage | null;

const encoder = new TextEncoder();

function sourceOf(body: unknown): Source {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof URLSearchParams) return body.toString();
  if (typeof (body as ReadableStream).getReader === 'function') return body as ReadableStream<Uint8Array>;
  throw new TypeError('this body type is not supported here');
}

function isIncoming(source: Source): source is IncomingMessage {
  return source !== null && typeof (source as IncomingMessage).pipe === 'function';
}

/** The body parts the Request and Response share: read once, as text, bytes, JSON or a stream. */
class LightBody {
  #source: Source;
  #stream: ReadableStream<Uint8Array> | null | undefined;
  #used = false;

  constructor(source: Source) {
    this.#source = source;
  }

  /** The body as given, for the listener (undefined once read or streamed). */
  takeSource(): Source | undefined {
    if (this.#used || this.#stream !== undefined) return this.#stream ?? undefined;
    this.#used = true;
    return this.#source;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#stream !== undefined) return this.#stream;
    const source = this.#source;
    if (source === null) return (this.#stream = null);
    if (typeof source === 'string' || source instanceof Uint8Array) {
      const bytes = typeof source === 'string' ? encoder.encode(source) : source;
      this.#stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
    } else if (isIncoming(source)) {
      const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      this.#stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await chunks.next();
          if (next.done === true) controller.close();
          else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        },
        async cancel() {
          await chunks.return?.();
        },
      });
    } else {
      this.#stream = source;
    }
    return this.#stream;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  async bytes(): Promise<Uint8Array> {
    if (this.#used) throw new TypeError('the body has already been read');
    this.#used = true;
    const source = this.#stream ?? this.#source;
    if (source === null) return new Uint8Array(0);
    if (typeof source === 'string') return encoder.encode(source);
    if (source instanceof Uint8Array) return source;
    const parts: Uint8Array[] = [];
    if (isIncoming(source)) for await (const chunk of source as AsyncIterable<Buffer>) parts.push(chunk);
    else {
      const reader = source.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
    }
    return Buffer.concat(parts);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = await this.bytes();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }
}

/** Fetch's body methods over a LightBody: what LightRequest and LightResponse share. */
abstract class LightBodied {
  protected content: LightBody;

  constructor(content: LightBody) {
    this.content = content;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.content.body;
  }

  get bodyUsed(): boolean {
    return this.content.bodyUsed;
  }

  /** The body as given (text, bytes, a stream or null), for the listener that writes it out. */
  takeSource(): Source | undefined {
    return this.content.takeSource();
  }

  bytes(): Promise<Uint8Array> {
    return this.content.bytes();
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.content.arrayBuffer();
  }

  text(): Promise<string> {
    return this.content.text();
  }

  json(): Promise<unknown> {
    return this.content.json();
  }
}

interface ResponseInit {
  status?: number;
  statusText?: string;
  headers?: HeaderSource;
}

export class LightResponse extends LightBodied {
  readonly status: number;
  readonly statusText: string;
  readonly headers: LightHeaders;
  readonly type = 'default';
  readonly url = '';
  readonly redirected = false;

  constructor(body?: unknown, init?: ResponseInit) {
    super(new LightBody(null));
    const status = init?.status ?? 200;
    if (!Number.isInteger(status) || status < 200 || status > 599) throw new RangeError(`invalid status ${status}`);
    this.status = status;
    this.statusText = init?.statusText ?? '';
    this.headers = new LightHeaders(init?.headers);
    const source = sourceOf(body);
    if (typeof source === 'string' && !this.headers.has('content-type'))
      this.headers.set('content-type', 'text/plain;charset=UTF-8');
    this.content = new LightBody(source);
  }

  static json(data: unknown, init?: ResponseInit): LightResponse {
    const headers = new LightHeaders(init?.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new LightResponse(JSON.stringify(data), { ...init, headers });
  }

  static redirect(url: string, status = 302): LightResponse {
    return new LightResponse(null, { status, headers: { Location: new URL(url).href } });
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }
}

interface RequestInit {
  method?: string;
  headers?: HeaderSource;
  body?: unknown;
  duplex?: 'half';
}

export class LightRequest extends LightBodied {
  readonly url: string;
  readonly method: string;
  readonly headers: LightHeaders;

  constructor(input: string | URL | LightRequest, init?: RequestInit) {
    super(new LightBody(null));
    const from = input instanceof LightRequest ? input : undefined;
    this.url = input instanceof LightRequest ? input.url : new URL(input).href;
    this.method = (init?.method ?? from?.method ?? 'GET').toUpperCase();
    this.headers = new LightHeaders(init?.headers ?? from?.headers);
    // A body given replaces the one of the request copied; otherwise that one moves over, unread.
    const source = init !== undefined && 'body' in init ? sourceOf(init.body) : (from?.takeSource() ?? null);
    if (source !== null && (this.method === 'GET' || this.method === 'HEAD'))
      throw new TypeError('a GET or HEAD request has no body');
    this.content = new LightBody(source);
  }

  /** A request read from node:http: the body stays on the socket until asked for. */
  static fromIncoming(url: string, incoming: IncomingMessage): LightRequest {
    const headers = new LightHeaders();
    const raw = incoming.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
    const method = incoming.method ?? 'GET';
    const request = new LightRequest(url, { method, headers });
    if (method !== 'GET' && method !== 'HEAD') request.content = new LightBody(incoming);
    return request;
  }
}
