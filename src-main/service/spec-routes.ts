// The spec's two endpoints, as plain functions of the account a key opens. The TCP routes and the
// window's /app/accounts/:id/xml routes both call these, so the window sees exactly what scripts
// see. The account answers (its source: the domain for a local account, the provider for a
// connected one); this file only turns answers and refusals into status and bytes. A local
// account answers synchronously, so the hot path builds no promise.
import type { AccountSource, BalanceDocument, DatetimeArgument, SettingsDocument } from '../domain/account-source.ts';
import type { Accounts } from '../domain/accounts.ts';
import { queryBytes } from '../provider/query.ts';
import { mapError, xmlResponse } from './errors.ts';
import { errorXml } from './xml.ts';

export interface SpecContext {
  accounts: Accounts;
  log: (line: string) => void;
}

/** An answer of a spec endpoint, before it is put on a transport. */
export interface SpecAnswer {
  status: number;
  body: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();

function refused(ctx: SpecContext, err: unknown): SpecAnswer {
  const e = mapError(err, ctx.log);
  return { status: e.status, body: encoder.encode(errorXml(e.code, e.message)) };
}

/** The document of a source's answer, or its refusal as an XML error; a promise only when the answer is one. */
function settle<T extends BalanceDocument | SettingsDocument>(ctx: SpecContext, ask: () => T | Promise<T>): SpecAnswer | Promise<SpecAnswer> {
  let answer: T | Promise<T>;
  try {
    answer = ask();
  } catch (err) {
    return refused(ctx, err);
  }
  return answer instanceof Promise
    ? answer.then((doc) => ({ status: 200, body: doc.xml }), (err: unknown) => refused(ctx, err))
    : { status: 200, body: answer.xml };
}

/** Spec 4.1: the balance at the `datetime` the request carried (absent or not understood: now). */
export function balanceAnswer(ctx: SpecContext, key: string | undefined, datetime: DatetimeArgument): SpecAnswer | Promise<SpecAnswer> {
  return settle(ctx, () => ctx.accounts.forKey(key).getBalance(datetime));
}

/** Spec 4.2: the account's notification settings. */
export function settingsAnswer(ctx: SpecContext, key: string | undefined): SpecAnswer | Promise<SpecAnswer> {
  return settle(ctx, () => ctx.accounts.forKey(key).getNotificationSettings());
}

/** The same answers for a source already opened (the window's account). */
export async function sourceBalance(ctx: SpecContext, source: AccountSource, datetime: DatetimeArgument): Promise<Response> {
  return toResponse(await settle(ctx, () => source.getBalance(datetime)));
}

export async function sourceSettings(ctx: SpecContext, source: AccountSource): Promise<Response> {
  return toResponse(await settle(ctx, () => source.getNotificationSettings()));
}

export function toResponse(a: SpecAnswer): Response {
  return xmlResponse(a.body, a.status);
}

/** The `datetime` argument of a request target: as text for this app, as bytes for a provider. */
export function datetimeOf(target: string, query: URLSearchParams): DatetimeArgument {
  return { text: lastValue(query, 'datetime'), bytes: () => queryBytes(target, 'datetime') };
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
