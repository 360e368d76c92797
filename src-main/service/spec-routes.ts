// The spec's two endpoints, as plain functions of the account a key opens. The router's routes,
// the TCP fast path (fast-path/) and the window's /app/accounts/:id/xml routes all call these,
// so the window sees exactly what scripts see. The account answers (its source: the domain for a
// local account, the provider for a connected one); this file turns answers and refusals into a
// status and bytes. A local account answers synchronously, so no promise is built for it.
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
import { mapError, xmlResponse } from './errors.ts';
import { errorXml } from './xml.ts';

export { lastQueryValue, lastValue, queryOf } from './query.ts';

/** An answer of a spec endpoint, before it is put on a transport. */
export interface SpecAnswer {
  status: number;
  /** Text (this app's XML) or a provider's bytes: see DocumentXml. */
  body: DocumentXml;
}

export interface SpecContext {
  domain: AccountDomain;
  /** Every account, local or connected: the answers come from the one a key opens. */
  accounts: Accounts;
  log: (line: string) => void;
}

export function createSpecContext(domain: AccountDomain, accounts: Accounts, log: (line: string) => void): SpecContext {
  return { domain, accounts, log };
}

function specAnswer(status: number, body: DocumentXml): SpecAnswer {
  return { status, body };
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

/** The `datetime` argument of a request target: as text for this app, as bytes for a provider. */
export function datetimeOf(target: string, text: string | undefined): DatetimeArgument {
  return { text, bytes: () => queryBytes(target, 'datetime') };
}

export function toResponse(a: SpecAnswer): Response {
  // Bytes are copied: Response wants bytes of its own, and pooled answers share an ArrayBuffer.
  return xmlResponse(typeof a.body === 'string' ? a.body : new Uint8Array(a.body), a.status);
}
