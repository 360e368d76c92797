// The spec's two endpoints, as plain functions of the domain and the query. The TCP routes
// and the window's /app/xml routes both call these, so the window sees exactly what scripts see.
import type { AccountDomain } from '../domain/account-domain.ts';
import { formatLocal } from '../dates/index.ts';
import { mapError, xmlError, xmlResponse } from './errors.ts';
import type { ResponseCache } from './response-cache.ts';
import { balanceXml, settingsXml } from './xml.ts';

export interface SpecContext {
  domain: AccountDomain;
  cache: ResponseCache;
  log: (line: string) => void;
}

/** Runs `answer`, mapping a refusal (missing or invalid key) to its XML error. */
function respond(ctx: SpecContext, answer: () => string): Response {
  try {
    return xmlResponse(answer());
  } catch (err) {
    const e = mapError(err, ctx.log);
    return xmlError(e.status, e.code, e.message);
  }
}

/** Spec 4.1: balance at the resolved instant; a datetime that is absent or not understood means now. */
export function getBalance(ctx: SpecContext, key: string | undefined, datetime: string | undefined): Response {
  const { domain } = ctx;
  return respond(ctx, () => {
    const t = domain.resolve(datetime).epochSeconds;
    // Keyed by the key itself: a revoked key is a write, which empties the cache.
    const cached = ctx.cache.getOrCompute(`b\u0000${key ?? ''}\u0000${t}`, () => {
      const accountId = domain.authenticate(key);
      return balanceXml(formatLocal(t, domain.timeZone), domain.balanceText(accountId, t));
    });
    return cached ?? '';
  });
}

/** Spec 4.2: the account's notification settings. */
export function getNotificationSettings(ctx: SpecContext, key: string | undefined): Response {
  const { domain } = ctx;
  return respond(ctx, () => ctx.cache.getOrCompute(`s\u0000${key ?? ''}`, () => settingsXml(domain.settings(domain.authenticate(key)))) ?? '');
}

/** The last value of a query argument (a repeated argument: the last one counts). Never throws. */
export function lastQueryValue(url: string, name: string): string | undefined {
  const q = url.indexOf('?');
  if (q === -1) return undefined;
  const all = new URLSearchParams(url.slice(q + 1)).getAll(name);
  return all.length === 0 ? undefined : all[all.length - 1];
}
