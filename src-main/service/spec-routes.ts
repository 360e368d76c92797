// The spec's two endpoints, as plain functions of the domain and the query. The TCP routes
// and the window's /app/xml routes both call these, so the window sees exactly what scripts see.
import type { AccountDomain } from '../domain/account-domain.ts';
import { formatLocal, MAX_INPUT_LENGTH, resolve } from '../dates/index.ts';
import { mapError, xmlResponse, XML_HEADERS } from './errors.ts';
import { GenerationCache } from '../store/generation-cache.ts';
import { specArguments } from './query.ts';
import { balanceXml, errorXml, settingsXml } from './xml.ts';

export { lastQueryValue, lastValue, queryOf } from './query.ts';

/** An answer of a spec endpoint, before it is put on a transport. */
export interface SpecAnswer {
  status: number;
  body: Uint8Array;
  /** Response headers for node:http, built once with the answer (cached answers reuse them). */
  headers: Readonly<Record<string, string>>;
}

export interface SpecContext {
  domain: AccountDomain;
  /**
   * Answers kept while the database is unchanged: a balance at an instant and an account's
   * settings are pure functions of the stored data, and scripts poll the same question many
   * times a second. Kept as UTF-8 bytes: Node writes bytes to a socket faster than a string.
   */
  cache: GenerationCache<SpecAnswer>;
  /** Phrases resolved in the current second (see ResolvedPhrases). */
  phrases: ResolvedPhrases;
  /** Whole request targets already answered, for the TCP fast path (see answerTarget). */
  targets: GenerationCache<TargetAnswer>;
  log: (line: string) => void;
}

interface TargetAnswer {
  /** The second it was answered in (a balance phrase may be relative), or -1 for settings. */
  readonly second: number;
  readonly answer: SpecAnswer;
}

/** Longest request target the target cache keeps (scripts' are about 100 characters). */
const TARGET_CACHE_MAX_LENGTH = 1024;

export function createSpecContext(domain: AccountDomain, log: (line: string) => void): SpecContext {
  const generation = (): number => domain.store.generation();
  return { domain, cache: new GenerationCache(generation), phrases: new ResolvedPhrases(domain), targets: new GenerationCache(generation), log };
}

/**
 * The resolver is a pure function of the text, the current second and the zone, so a phrase
 * asked again within the same second ("+1 week" polled many times a second) is read once.
 */
export class ResolvedPhrases {
  readonly #domain: AccountDomain;
  readonly #instants = new Map<string, number>();
  #second = NaN;

  constructor(domain: AccountDomain) {
    this.#domain = domain;
  }

  /** The instant (epoch seconds) a datetime argument means in `second`; not understood means then. */
  instant(text: string | undefined, second: number): number {
    if (second !== this.#second) {
      this.#instants.clear();
      this.#second = second;
    }
    // Longer texts are not understood (so: now) and would only fill the map.
    if (text === undefined || text.length > MAX_INPUT_LENGTH) return resolve(text, { now: second * 1000, timeZone: this.#domain.timeZone }).epochSeconds;
    let t = this.#instants.get(text);
    if (t === undefined) {
      t = resolve(text, { now: second * 1000, timeZone: this.#domain.timeZone }).epochSeconds;
      if (this.#instants.size >= 1024) this.#instants.clear();
      this.#instants.set(text, t);
    }
    return t;
  }
}

/** Response headers by body length: answers differ in a few lengths only, so each set is built once. */
const headersByLength = new Map<number, Readonly<Record<string, string>>>();

function headersFor(length: number): Readonly<Record<string, string>> {
  let headers = headersByLength.get(length);
  if (headers === undefined) {
    headers = Object.freeze({ ...XML_HEADERS, 'Content-Length': String(length) });
    if (headersByLength.size < 4096) headersByLength.set(length, headers);
  }
  return headers;
}

function specAnswer(status: number, xml: string): SpecAnswer {
  // Buffer.from takes small strings from Node's shared pool: no new ArrayBuffer per answer.
  const body = Buffer.from(xml, 'utf8');
  return { status, body, headers: headersFor(body.byteLength) };
}

/** Runs `compute`, mapping a refusal (missing or invalid key) to its XML error. */
function answer(ctx: SpecContext, compute: () => SpecAnswer): SpecAnswer {
  try {
    return compute();
  } catch (err) {
    const e = mapError(err, ctx.log);
    return specAnswer(e.status, errorXml(e.code, e.message));
  }
}

/** Spec 4.1: balance at the resolved instant; a datetime that is absent or not understood means now. */
export function balanceAnswer(ctx: SpecContext, key: string | undefined, datetime: string | undefined): SpecAnswer {
  return answer(ctx, () => {
    const t = ctx.phrases.instant(datetime, ctx.domain.nowSeconds());
    // Keyed by the key itself: a revoked key is a write, which empties the cache.
    return ctx.cache.get(`b\u0000${key ?? ''}\u0000${t}`, () => balanceAt(ctx.domain, key, t));
  });
}

function balanceAt(domain: AccountDomain, key: string | undefined, t: number): SpecAnswer {
  const accountId = domain.authenticate(key);
  return specAnswer(200, balanceXml(formatLocal(t, domain.timeZone), domain.balanceText(accountId, t)));
}

/** Spec 4.2: the account's notification settings. */
export function settingsAnswer(ctx: SpecContext, key: string | undefined): SpecAnswer {
  const { domain } = ctx;
  return answer(ctx, () => ctx.cache.get(`s\u0000${key ?? ''}`, () => specAnswer(200, settingsXml(domain.settings(domain.authenticate(key))))));
}

/**
 * The answer to a whole request target (`q`: index of its '?', or -1). A script polling one
 * URL gets the answer it got before while the database and, for a balance, the second are
 * unchanged, without reading its query again; refusals are not kept.
 */
export function answerTarget(ctx: SpecContext, which: 'balance' | 'settings', target: string, q: number): SpecAnswer {
  const second = which === 'balance' ? ctx.domain.nowSeconds() : -1;
  const kept = ctx.targets.find(target);
  if (kept !== undefined && kept.second === second) return kept.answer;
  const args = specArguments(target, q);
  // The target cache stands in for the answer cache here: a new target is most often a new
  // instant, which a second cache would only fill.
  const fresh = which === 'balance'
    ? answer(ctx, () => balanceAt(ctx.domain, args.key, ctx.phrases.instant(args.datetime, second)))
    : settingsAnswer(ctx, args.key);
  if (fresh.status === 200 && target.length <= TARGET_CACHE_MAX_LENGTH) ctx.targets.set(target, { second, answer: fresh });
  return fresh;
}

export function toResponse(a: SpecAnswer): Response {
  // A copy: Response wants bytes of its own, and pooled answers share an ArrayBuffer.
  return xmlResponse(new Uint8Array(a.body), a.status);
}

export function getBalance(ctx: SpecContext, key: string | undefined, datetime: string | undefined): Response {
  return toResponse(balanceAnswer(ctx, key, datetime));
}

export function getNotificationSettings(ctx: SpecContext, key: string | undefined): Response {
  return toResponse(settingsAnswer(ctx, key));
}
