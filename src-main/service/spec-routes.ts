// The spec's two endpoints, as plain functions of the account a key opens. The TCP routes and the
// window's /app/accounts/:id/xml routes both call these, so the window sees exactly what scripts
// see. The account answers (its source: the domain for a local account, the provider for a
// connected one); this file turns answers and refusals into status, headers and bytes. A local
// account answers synchronously, so the hot path builds no promise.
import type { AccountDomain } from '../domain/account-domain.ts';
import type {
  AccountSource,
  BalanceDocument,
  DatetimeArgument,
  DocumentXml,
  SettingsDocument,
} from '../domain/account-source.ts';
import type { Accounts } from '../domain/accounts.ts';
import { queryBytes } from '../provider/query.ts';
import { GenerationCache } from '../store/generation-cache.ts';
import { mapError, xmlResponse, XML_HEADERS } from './errors.ts';
import { specArguments } from './query.ts';
import { errorXml } from './xml.ts';

export { lastQueryValue, lastValue, queryOf } from './query.ts';

/** An answer of a spec endpoint, before it is put on a transport. */
export interface SpecAnswer {
  status: number;
  /** Text (this app's XML) or a provider's bytes: see DocumentXml. */
  body: DocumentXml;
  /** Response headers for node:http, built once with the answer (cached answers reuse them). */
  headers: Readonly<Record<string, string>>;
}

export interface SpecContext {
  domain: AccountDomain;
  /** Every account, local or connected: the answers come from the one a key opens. */
  accounts: Accounts;
  /** Whole request targets already answered and asked for before, for the TCP fast path (see answerTarget). */
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

export function createSpecContext(domain: AccountDomain, accounts: Accounts, log: (line: string) => void): SpecContext {
  return {
    domain,
    accounts,
    targets: new GenerationCache(() => domain.store.generation(), { repeatsOnly: true }),
    log,
  };
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

function specAnswer(status: number, body: DocumentXml): SpecAnswer {
  return { status, body, headers: headersFor(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength) };
}

function refused(ctx: SpecContext, err: unknown): SpecAnswer {
  const e = mapError(err, ctx.log);
  return specAnswer(e.status, errorXml(e.code, e.message));
}

/** The document of a source's answer, or its refusal as an XML error; a promise only when the answer is one. */
function settle(
  ctx: SpecContext,
  ask: () => BalanceDocument | SettingsDocument | Promise<BalanceDocument | SettingsDocument>,
): SpecAnswer | Promise<SpecAnswer> {
  let answer: BalanceDocument | SettingsDocument | Promise<BalanceDocument | SettingsDocument>;
  try {
    answer = ask();
  } catch (err) {
    return refused(ctx, err);
  }
  return answer instanceof Promise
    ? answer.then(
        (doc) => specAnswer(200, doc.xml),
        (err: unknown) => refused(ctx, err),
      )
    : specAnswer(200, answer.xml);
}

/** Spec 4.1: the balance at the `datetime` the request carried (absent or not understood: now). */
export function balanceAnswer(
  ctx: SpecContext,
  key: string | undefined,
  datetime: DatetimeArgument,
): SpecAnswer | Promise<SpecAnswer> {
  return settle(ctx, () => ctx.accounts.forKey(key).getBalance(datetime));
}

/** Spec 4.2: the account's notification settings. */
export function settingsAnswer(ctx: SpecContext, key: string | undefined): SpecAnswer | Promise<SpecAnswer> {
  return settle(ctx, () => ctx.accounts.forKey(key).getNotificationSettings());
}

/** The same answers for a source already opened (the window's account). */
export async function sourceBalance(
  ctx: SpecContext,
  source: AccountSource,
  datetime: DatetimeArgument,
): Promise<Response> {
  return toResponse(await settle(ctx, () => source.getBalance(datetime)));
}

export async function sourceSettings(ctx: SpecContext, source: AccountSource): Promise<Response> {
  return toResponse(await settle(ctx, () => source.getNotificationSettings()));
}

/**
 * The answer to a whole request target (`q`: index of its '?', or -1). A script polling one
 * URL gets the answer it got before while the database and, for a balance, the second are
 * unchanged, without reading its query again. Only targets asked before are kept, and refusals
 * never are. Only answers given at once are kept (a local account's, which depend on nothing
 * else): a provider's answer never is, as the provider may change it at any moment.
 */
export function answerTarget(
  ctx: SpecContext,
  which: 'balance' | 'settings',
  target: string,
  q: number,
): SpecAnswer | Promise<SpecAnswer> {
  const second = which === 'balance' ? ctx.domain.nowSeconds() : -1;
  const kept = ctx.targets.find(target);
  if (kept !== undefined && kept.second === second) return kept.answer;
  const args = specArguments(target, q);
  const fresh =
    which === 'balance'
      ? balanceAnswer(ctx, args.key, datetimeOf(target, args.datetime))
      : settingsAnswer(ctx, args.key);
  if (!(fresh instanceof Promise) && fresh.status === 200 && target.length <= TARGET_CACHE_MAX_LENGTH)
    ctx.targets.set(target, { second, answer: fresh });
  return fresh;
}

/** The `datetime` argument of a request target: as text for this app, as bytes for a provider. */
export function datetimeOf(target: string, text: string | undefined): DatetimeArgument {
  return { text, bytes: () => queryBytes(target, 'datetime') };
}

export function toResponse(a: SpecAnswer): Response {
  // Bytes are copied: Response wants bytes of its own, and pooled answers share an ArrayBuffer.
  return xmlResponse(typeof a.body === 'string' ? a.body : new Uint8Array(a.body), a.status);
}
