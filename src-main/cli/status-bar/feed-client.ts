// The change feed as a client on the same machine asks it: GET /app/changes?since=G with the
// access token, which the service answers as soon as its store's generation moves, or after its
// own wait (service/change-feed.ts) with the same generation. One connection per ask, closed
// after it (no idle keep-alive connection for the service to hold or shed); node:http rather
// than fetch, so a follower loads no HTTP client of its own.
import { request } from 'node:http';
import type { ResponseOf } from '../../../src-shared/app-api.ts';
import { isLoopbackName } from '../../../src-shared/loopback.ts';
import { WAIT_MS } from '../../service/change-feed.ts';

/** The service's own wait, and this much more for its answer to arrive. */
const DEADLINE_MS = WAIT_MS + 15_000;
/** The answer is `{"generation":N}`: anything longer is not the feed. */
const MAX_ANSWER_BYTES = 4096;

export class FeedError extends Error {
  override name = 'FeedError';
  /** The HTTP status, when the service answered with something else than the feed. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/**
 * Resolves with the service's generation once it differs from `since` (or its wait ran out);
 * rejects with a FeedError when the service cannot be reached or does not answer as the feed.
 */
export function askFeed(
  baseUrl: string,
  token: string | undefined,
  since: number,
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(`app/changes?since=${since}`, baseUrl);
    // The token goes only to this machine's loopback (running.json could name another address:
    // `serve --allow-remote` on one interface); elsewhere the feed refuses, and the follower
    // hears the data folder instead.
    const bearer = token !== undefined && isLoopbackName(url.hostname) ? token : undefined;
    const req = request(
      url,
      {
        method: 'GET',
        agent: false,
        signal,
        timeout: DEADLINE_MS,
        headers: bearer === undefined ? {} : { Authorization: `Bearer ${bearer}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) res.destroy(new FeedError('the change feed answered more than it should'));
          else chunks.push(chunk);
        });
        res.on('error', (err) => {
          reject(err instanceof FeedError ? err : new FeedError(err.message));
        });
        res.on('end', () => {
          if (res.statusCode !== 200) {
            reject(new FeedError(`the change feed answered ${res.statusCode ?? '?'}`, res.statusCode));
            return;
          }
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<ResponseOf<'GET /app/changes'>>;
            if (typeof body.generation !== 'number') throw new Error('no generation');
            resolve(body.generation);
          } catch {
            reject(new FeedError('the change feed answered something else than a generation'));
          }
        });
      },
    );
    req.on('timeout', () => {
      req.destroy(new FeedError('the change feed did not answer in time'));
    });
    req.on('error', (err) => {
      reject(err instanceof FeedError ? err : new FeedError(err.message));
    });
    req.end();
  });
}
