// The spec's two endpoints, as plain functions of the domain and the query. The TCP routes
// and the window's /app/xml routes both call these, so the window sees exactly what scripts see.
import type { AccountDomain } from '../domain/account-domain.ts';
import { formatLocal } from '../dates/index.ts';
import { mapError, xmlResponse } from './errors.ts';
import type { GenerationCache } from '../store/generation-cache.ts';
import { balanceXml, errorXml, settingsXml } from './xml.ts';

export interface SpecContext {
  domain: AccountDomain;
  /**
   * Answers kept while the database is unchanged: a balance at an instant and an account's
   * settings are pure functions of the stored data, and scripts poll the same question many
   * times a second. Kept as UTF-8 bytes: Node writes bytes to a socket faster than a string.
   */
  cache: GenerationCache<Uint8Array<ArrayBuffer>>;
  log: (line: string) => void;
}

/** An answer of a spec endpoint, before it is put on a transport. */
export interface SpecAnswer {
  status: number;
  body: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();

/** Runs `compute`, mapping a refusal (missing or invalid key) to its XML error. */
function answer(ctx: SpecContext, compute: () => Uint8Array<ArrayBuffer>): SpecAnswer {
  try {
    return { status: 200, body: compute() };
  } catch (err) {
    const e = mapError(err, ctx.log);
    return { status: e.status, body: encoder.encode(errorXml(e.code, e.message)) };
  }
}

/** Spec 4.1: balance at the resolved instant; a datetime that is absent or not understood means now. */
export function balanceAnswer(ctx: SpecContext, key: string | undefined, datetime: string | undefined): SpecAnswer {
  const { domain } = ctx;
  return answer(ctx, () => {
    const t = domain.resolve(datetime).epochSeconds;
    // Keyed by the key itself: a revoked key is a write, which empties the cache.
    return ctx.cache.get(`b\u0000${key ?? ''}\u0000${t}`, () => {
      const accountId = domain.authenticate(key);
      return encoder.encode(balanceXml(formatLocal(t, domain.timeZone), domain.balanceText(accountId, t)));
    });
  });
}

/** Spec 4.2: the account's notification settings. */
export function settingsAnswer(ctx: SpecContext, key: string | undefined): SpecAnswer {
  const { domain } = ctx;
  return answer(ctx, () => ctx.cache.get(`s\u0000${key ?? ''}`, () => encoder.encode(settingsXml(domain.settings(domain.authenticate(key))))));
}

export function toResponse(a: SpecAnswer): Response {
  return xmlResponse(a.body, a.status);
}

export function getBalance(ctx: SpecContext, key: string | undefined, datetime: string | undefined): Response {
  return toResponse(balanceAnswer(ctx, key, datetime));
}

export function getNotificationSettings(ctx: SpecContext, key: string | undefined): Response {
  return toResponse(settingsAnswer(ctx, key));
}

/** The query of a URL, parsed leniently (bad percent-encoding stays as it is). Never throws. */
export function queryOf(url: string): URLSearchParams {
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}

/** The last value of a query argument (a repeated argument: the last one counts). */
export function lastValue(query: URLSearchParams, name: string): string | undefined {
  const all = query.getAll(name);
  return all.length === 0 ? undefined : all[all.length - 1];
}

export function lastQueryValue(url: string, name: string): string | undefined {
  return lastValue(queryOf(url), name);
}
