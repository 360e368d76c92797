// One GET to the provider, strict as a client of money data must be: a connect deadline and an
// answer deadline (a body that trickles in is a timeout), a size cap checked against
// Content-Length and while reading, verified certificates (plus an optional extra CA for a
// self-hosted provider), and redirects followed only within the provider's own origin, so the
// key in the query never goes anywhere else. Errors never mention the URL (it holds the key).
import type { Agent as HttpAgent, ClientRequest, IncomingMessage } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { ProviderError } from './errors.ts';

// Required on first use, not imported: an ESM import of node:http reads every export, and some
// are getters that load Node's whole fetch implementation; node:https and node:tls load OpenSSL's
// side of Node (about 5 MB held), which only an https provider needs (plain http is for a
// provider on loopback). The app opens a client at every start, and most starts never ask a provider.
const builtin = createRequire(import.meta.url);
let http: typeof import('node:http') | undefined;
let https: typeof import('node:https') | undefined;
let tls: typeof import('node:tls') | undefined;
const httpModule = (): typeof import('node:http') => (http ??= builtin('node:http') as typeof import('node:http'));
const httpsModule = (): typeof import('node:https') => (https ??= builtin('node:https') as typeof import('node:https'));
const tlsModule = (): typeof import('node:tls') => (tls ??= builtin('node:tls') as typeof import('node:tls'));

export interface HttpLimits {
  /** No TCP (and TLS) connection within this: unreachable. */
  connectTimeoutMs: number;
  /** No whole answer within this, counted from the call: timeout. */
  answerTimeoutMs: number;
  /** Largest body accepted. */
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_LIMITS: HttpLimits = {
  connectTimeoutMs: 4_000,
  answerTimeoutMs: 9_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
};

export interface RawAnswer {
  status: number;
  body: Buffer;
  retryAfterSeconds: number | undefined;
}

/** Keep-alive agents (a mirror adds well under a millisecond on loopback only with reused sockets), made on first use. */
export class Agents {
  readonly #extraCa: string | undefined;
  #http: HttpAgent | undefined;
  #https: HttpsAgent | undefined;

  constructor(extraCa?: string) {
    this.#extraCa = extraCa;
  }

  get http(): HttpAgent {
    this.#http ??= new (httpModule().Agent)({
      keepAlive: true,
      keepAliveMsecs: 1_000,
      maxFreeSockets: 16,
      timeout: 60_000,
    });
    return this.#http;
  }

  get https(): HttpsAgent {
    const extraCa = this.#extraCa;
    this.#https ??= new (httpsModule().Agent)({
      keepAlive: true,
      keepAliveMsecs: 1_000,
      maxFreeSockets: 16,
      timeout: 60_000,
      ...(extraCa === undefined ? {} : { ca: [...tlsModule().rootCertificates, extraCa] }),
    });
    return this.#https;
  }

  destroy(): void {
    this.#http?.destroy();
    this.#https?.destroy();
  }
}

function describeNetworkError(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED') return 'the provider refused the connection (nothing listening there?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return "the provider's host name could not be found (DNS)";
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'there is no network route to the provider';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'the provider closed the connection';
  if (
    /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME|ALTNAME/i.test(code) ||
    /certificate|tls|ssl/i.test(err.message)
  ) {
    return `the provider's TLS certificate could not be verified (${code || 'TLS error'}); for a self-hosted provider, trust its CA file`;
  }
  return `the connection to the provider failed (${code || 'network error'})`;
}

function retryAfter(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Math.min(Number(header), 86_400);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(0, Math.ceil((at - now) / 1000)), 86_400);
}

export function timeoutError(limits: HttpLimits): ProviderError {
  return new ProviderError(
    'provider_timeout',
    `the provider did not give a whole answer within ${Math.round(limits.answerTimeoutMs / 1000)} s`,
  );
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs `url`, following same-origin redirects; throws ProviderError for every failure. The answer
 * deadline runs from `startedAt` (a caller that queued for its turn has already spent some of it).
 */
export async function strictGet(
  url: URL,
  agents: Agents,
  limits: HttpLimits = DEFAULT_LIMITS,
  startedAt = Date.now(),
): Promise<RawAnswer> {
  const deadline = startedAt + limits.answerTimeoutMs;
  const origin = url.origin;
  let current = url;
  for (let hop = 0; ; hop++) {
    const answer = await getOnce(current, agents, limits, deadline, true);
    if (!REDIRECTS.has(answer.status)) return answer;
    if (hop >= limits.maxRedirects)
      throw new ProviderError('provider_bad_answer', `the provider redirected more than ${limits.maxRedirects} times`);
    let next: URL;
    try {
      next = new URL(answer.location ?? '', current);
    } catch {
      throw new ProviderError('provider_bad_answer', 'the provider answered with a redirect to an invalid address');
    }
    if (next.origin !== origin) {
      throw new ProviderError(
        'provider_bad_answer',
        `the provider redirected to another address (${next.origin}); not followed, so the key was not sent there`,
      );
    }
    current = next;
  }
}

interface OnceAnswer extends RawAnswer {
  location: string | undefined;
}

function getOnce(
  url: URL,
  agents: Agents,
  limits: HttpLimits,
  deadline: number,
  mayRetry: boolean,
): Promise<OnceAnswer> {
  return new Promise<OnceAnswer>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const send = secure ? httpsModule().request : httpModule().request;
    let settled = false;
    let responded = false;
    let connectTimer: NodeJS.Timeout | undefined;
    const req: ClientRequest = send(url, {
      method: 'GET',
      agent: secure ? agents.https : agents.http,
      headers: { Accept: 'application/xml, text/xml;q=0.9', 'User-Agent': 'account-monitor' },
    });
    const finish = (err: ProviderError | undefined, value?: OnceAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(answerTimer);
      clearTimeout(connectTimer);
      if (err !== undefined) {
        req.destroy();
        reject(err);
      } else if (value !== undefined) {
        resolve(value);
      }
    };
    const answerTimer = setTimeout(
      () => {
        finish(timeoutError(limits));
      },
      Math.max(0, deadline - Date.now()),
    );
    req.on('socket', (socket: Socket) => {
      if (!socket.connecting) return;
      connectTimer = setTimeout(() => {
        finish(
          new ProviderError(
            'provider_unreachable',
            `no connection to the provider within ${Math.round(limits.connectTimeoutMs / 1000)} s`,
          ),
        );
      }, limits.connectTimeoutMs);
      socket.once(secure ? 'secureConnect' : 'connect', () => {
        clearTimeout(connectTimer);
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (settled) return;
      // A kept-alive socket the provider had already closed: one fresh try (GET is idempotent).
      if (mayRetry && req.reusedSocket && !responded && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) {
        settled = true;
        clearTimeout(answerTimer);
        clearTimeout(connectTimer);
        getOnce(url, agents, limits, deadline, false).then(resolve, reject);
        return;
      }
      // Before an answer began, any failure means we could not reach the provider properly.
      if (responded) finish(new ProviderError('provider_bad_answer', 'the provider broke off its answer'));
      else finish(new ProviderError('provider_unreachable', describeNetworkError(err)));
    });
    req.on('response', (res: IncomingMessage) => {
      responded = true;
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        finish(
          new ProviderError('provider_bad_answer', `the provider's answer is larger than ${limits.maxBytes} bytes`),
        );
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          finish(
            new ProviderError('provider_bad_answer', `the provider's answer is larger than ${limits.maxBytes} bytes`),
          );
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', () => {
        finish(new ProviderError('provider_bad_answer', 'the provider broke off its answer'));
      });
      res.on('aborted', () => {
        finish(new ProviderError('provider_bad_answer', 'the provider broke off its answer'));
      });
      res.on('end', () => {
        const location = res.headers.location;
        finish(undefined, {
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks, size),
          retryAfterSeconds: retryAfter(res.headers['retry-after'], Date.now()),
          location: typeof location === 'string' ? location : undefined,
        });
      });
    });
    req.end();
  });
}
