// What every app API handler shares: its dependencies, typed registration against the contract
// (src-shared/app-api.ts), and reading a request's body and query.
import type { Context, Hono } from 'hono';
import type { z } from '../../../src-shared/schema.ts';
import type {
  AccountSummary,
  AppRoute,
  KeyState,
  LocalApiInfo,
  ResponseOf,
  Status,
  When,
} from '../../../src-shared/app-api.ts';
import { DATE_ORDERS, type DateOrder } from '../../../src-shared/vocabulary.ts';
import { checkBody } from '../../../src-shared/app-requests.ts';
import { formatLocal } from '../../dates/wall-clock.ts';
import type { AccountDomain } from '../../domain/account-domain.ts';
import type { AccountSource } from '../../domain/account-source.ts';
import type { AccountOverview, Accounts } from '../../domain/accounts.ts';
import { DomainError } from '../../domain/errors.ts';
import type { HeldAccounts } from '../../domain/held-accounts.ts';
import { storeProblem } from '../../store/index.ts';
import { BadRequest, jsonResponse, Refusal } from '../errors.ts';
import type { KeyVault } from '../key-vault.ts';
import { lastQueryValue, type SpecContext } from '../spec-routes.ts';
import { whenNotBusy } from './busy-retry.ts';
import type { ChangeFeed } from '../change-feed.ts';
import type { CsvImporter } from './import-job.ts';

export interface AppRouteDeps {
  spec: SpecContext;
  domain: AccountDomain;
  /** Where the window's keys are kept: one entry per account. */
  vault: KeyVault;
  /** Where scripts reach the local API, and whether it is listening. */
  apiInfo: () => LocalApiInfo;
  /** Imports a CSV off the event loop (see import-job.ts). */
  importCsv: CsvImporter;
  /** Background checks of connected accounts, as the window shows them. */
  checks: Status['checks'];
  /** Settles once the key of the single-key era, if any, has moved to its account. */
  ready: Promise<void>;
  /** Changes to the data, for the window's live updates (closed with the app). */
  changes: ChangeFeed;
  /** Which accounts the window holds: the one rule, shared with the monitor (the tray). */
  held: HeldAccounts;
}

/** An account the window works with: the window holds its key. */
export interface WindowAccount {
  id: number;
  key: string;
  overview: AccountOverview;
  source: AccountSource;
}

/** What a resource's handlers are built from. */
export interface AppContext extends AppRouteDeps {
  accounts: Accounts;
  /** An instant as the API writes it. */
  when(epochSeconds: number): When;
  /** Runs one write transaction, tried again without blocking while another writer holds the lock. */
  write<T>(body: () => T): Promise<T>;
  /** The account of the path's `:id`; 404 when the window does not hold its key, 403 when the key is refused now. */
  account(c: Context): Promise<WindowAccount>;
  /** Every account the window holds the key of, oldest first, as the window shows them. */
  summaries(): Promise<AccountSummary[]>;
  summary(overview: AccountOverview, key: string): AccountSummary;
  /** Keeps the key of an account for the window (the keychain, or this session). */
  keep(accountId: number, key: string): Promise<AccountSummary>;
}

export function appContext(deps: AppRouteDeps): AppContext {
  const { domain, vault } = deps;
  const { accounts } = deps.spec;
  const when = (t: number): When => ({ datetime: formatLocal(t, domain.timeZone), epochSeconds: t });
  const keyState = (): KeyState => (vault.status().mode === 'keychain' ? 'stored' : 'session');
  const summary = (o: AccountOverview, key: string): AccountSummary => {
    let valid: boolean;
    try {
      valid = accounts.forKey(key).accountId === o.id;
    } catch {
      valid = false;
    }
    return {
      id: o.id,
      name: o.name,
      kind: o.kind,
      baseUrl: o.baseUrl,
      state: o.state,
      stale: o.stale,
      lastCheckedAt: o.lastCheckedAt === null ? null : when(o.lastCheckedAt),
      lastAnsweredAt: o.lastAnsweredAt === null ? null : when(o.lastAnsweredAt),
      problem: o.problem,
      reading:
        o.reading === null
          ? null
          : { balance: o.reading.balance, datetime: o.reading.datetime, at: when(o.reading.at) },
      key: valid ? keyState() : 'invalid',
    };
  };
  const { held } = deps;
  const notHere = (id: number | string): DomainError =>
    new DomainError('unknown_account', `no account ${String(id)} in this window: add it first`);
  return {
    ...deps,
    accounts,
    when,
    write: (body) => whenNotBusy(body),
    summary,
    account: async (c) => {
      await deps.ready;
      const id = idParam(c);
      const overview = accounts.overview(id);
      const key = overview === undefined ? undefined : await held.key(overview);
      if (overview === undefined || key === undefined) throw notHere(id);
      // A revoked key is refused here as everywhere (403 invalid_key: the window's designed state).
      const source = accounts.forKey(key);
      if (source.accountId !== id) throw notHere(id);
      return { id, key, overview, source };
    },
    summaries: async () => (await held.list()).map((h) => summary(h.overview, h.key)),
    keep: async (accountId, key) => {
      const overview = accounts.overview(accountId);
      if (overview === undefined) throw notHere(accountId);
      await vault.set(overview.vaultRef, key);
      try {
        await whenNotBusy(() => {
          accounts.keepKey(accountId, true);
        });
      } catch (error) {
        // A read-only data folder is still shown: its changes are refused one by one as read_only.
        if (storeProblem(error) !== 'read_only') throw error;
        held.holdForSession(accountId);
      }
      return summary({ ...overview, keyKept: true }, key);
    },
  };
}

/** 'GET /app/accounts/:id' -> ['GET', '/accounts/:id']: the routes are mounted under /app. */
function split(route: AppRoute): [string, string] {
  const space = route.indexOf(' ');
  return [route.slice(0, space), route.slice(space + 1).replace(/^\/app/, '')];
}

/** Registers a JSON route: the handler must answer exactly the contract's response type. */
export function jsonRoute<R extends AppRoute>(
  app: Hono,
  route: R,
  handle: (c: Context) => Promise<ResponseOf<R>> | ResponseOf<R>,
  status: 200 | 201 = 200,
): void {
  const [method, path] = split(route);
  app.on(method, path, async (c) => jsonResponse(await handle(c), status));
}

/** Registers a route that answers 204 with no body. */
export function emptyRoute(app: Hono, route: AppRoute, handle: (c: Context) => Promise<void>): void {
  const [method, path] = split(route);
  app.on(method, path, async (c) => {
    await handle(c);
    return new Response(null, { status: 204 });
  });
}

/** Registers a route that answers a whole Response itself (the spec's XML documents). */
export function rawRoute(app: Hono, route: AppRoute, handle: (c: Context) => Promise<Response> | Response): void {
  const [method, path] = split(route);
  app.on(method, path, handle);
}

/** The JSON body, checked against the route's schema; a BadRequest (400) when it is not. */
export async function readBody<T>(c: Context, schema: z.ZodMiniType<T>): Promise<T> {
  let parsed: unknown;
  try {
    parsed = await c.req.json();
  } catch {
    throw new BadRequest('the request body must be JSON');
  }
  const checked = checkBody(schema, parsed);
  // A rule's refusal (an amount, a kind, a level) keeps its code; a wrong shape is invalid_request.
  if (!checked.ok)
    throw checked.code === undefined
      ? new BadRequest(checked.problem)
      : new Refusal(400, checked.code, checked.problem);
  return checked.value;
}

/** A query argument (the last one when repeated), or undefined. */
export function queryText(c: Context, name: string): string | undefined {
  return lastQueryValue(c.req.url, name);
}

/**
 * A whole-number query argument: absent or empty gives the default; anything but an integer is
 * a BadRequest; an integer out of range is clamped into it.
 */
export function queryInt(c: Context, name: string, range: { min: number; max: number; default: number }): number {
  const text = queryText(c, name)?.trim();
  if (text === undefined || text === '') return range.default;
  if (!/^[+-]?\d{1,15}$/.test(text)) throw new BadRequest(`${name} must be a whole number; got "${text.slice(0, 40)}"`);
  return Math.min(Math.max(Number(text), range.min), range.max);
}

/** A query argument that is one of `choices`: absent or empty gives `fallback`; anything else is a BadRequest. */
export function queryChoice<T extends string, F extends T | undefined>(
  c: Context,
  name: string,
  choices: readonly T[],
  fallback: F,
): T | F {
  const text = queryText(c, name);
  if (text === undefined || text === '') return fallback;
  const match = choices.find((choice) => choice === text);
  if (match === undefined)
    throw new BadRequest(`${name} must be one of ${choices.join(', ')}; got "${text.slice(0, 40)}"`);
  return match;
}

/** The `dateOrder` query argument (the window's day/month setting): `mdy` when absent. */
export function queryDateOrder(c: Context): DateOrder {
  return queryChoice(c, 'dateOrder', DATE_ORDERS, 'mdy');
}

/**
 * The `from` and `to` query arguments of a range: each the default when absent or blank,
 * otherwise a phrase that must be understood; the end must come after the start.
 */
export function queryRange(
  c: Context,
  domain: AccountDomain,
  defaults: { from: number; to: number },
): { from: number; to: number } {
  const end = (name: 'from' | 'to'): number => {
    const phrase = queryText(c, name);
    return phrase === undefined || phrase.trim() === ''
      ? defaults[name]
      : domain.instant(phrase, 'the range', 'invalid_entry');
  };
  const from = end('from');
  const to = end('to');
  if (to <= from) throw new BadRequest('the end of the range must come after its start');
  return { from, to };
}

/** A path's :id (or another id parameter): a positive whole number, or a BadRequest. */
export function idParam(c: Context, name = 'id'): number {
  const text = c.req.param(name) ?? '';
  if (!/^\d{1,15}$/.test(text)) throw new BadRequest(`not an id: "${text.slice(0, 40)}"`);
  return Number(text);
}
