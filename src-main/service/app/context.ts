// What every app API handler shares: its dependencies, typed registration against the contract
// (src-shared/app-api.ts), and reading a request's body and query.
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AppRoute, LocalApiInfo, ResponseOf, When } from '../../../src-shared/app-api.ts';
import { checkBody } from '../../../src-shared/app-requests.ts';
import { formatLocal } from '../../dates/index.ts';
import type { AccountDomain } from '../../domain/account-domain.ts';
import { BadRequest, jsonResponse } from '../errors.ts';
import type { KeyVault } from '../key-vault.ts';
import { lastQueryValue, type SpecContext } from '../spec-routes.ts';
import { whenNotBusy } from './busy-retry.ts';
import type { CsvImporter } from './import-job.ts';

export interface AppRouteDeps {
  spec: SpecContext;
  vault: KeyVault;
  /** The account of the stored key; throws a DomainError when there is none or it was revoked. */
  storedAccount: () => Promise<number>;
  /** Where scripts reach the local API, and whether it is listening. */
  apiInfo: () => LocalApiInfo;
  /** Imports a CSV off the event loop (see import-job.ts). */
  importCsv: CsvImporter;
}

/** What a resource's handlers are built from. */
export interface AppContext extends AppRouteDeps {
  domain: AccountDomain;
  /** An instant as the API writes it. */
  when(epochSeconds: number): When;
  /** Runs one write transaction, tried again without blocking while another writer holds the lock. */
  write<T>(body: () => T): Promise<T>;
}

export function appContext(deps: AppRouteDeps): AppContext {
  const { domain } = deps.spec;
  return { ...deps, domain, when: (t) => ({ datetime: formatLocal(t, domain.timeZone), epochSeconds: t }), write: (body) => whenNotBusy(body) };
}

/** 'GET /app/ledger/:id' -> ['GET', '/ledger/:id']: the routes are mounted under /app. */
function split(route: AppRoute): [string, string] {
  const space = route.indexOf(' ');
  return [route.slice(0, space), route.slice(space + 1).replace(/^\/app/, '')];
}

/** Registers a JSON route: the handler must answer exactly the contract's response type. */
export function jsonRoute<R extends AppRoute>(app: Hono, route: R, handle: (c: Context) => Promise<ResponseOf<R>> | ResponseOf<R>, status: 200 | 201 = 200): void {
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
export async function readBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  let parsed: unknown;
  try {
    parsed = await c.req.json();
  } catch {
    throw new BadRequest('the request body must be JSON');
  }
  const checked = checkBody(schema, parsed);
  if (!checked.ok) throw new BadRequest(checked.problem);
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

/** A path's :id: a positive whole number, or a BadRequest. */
export function idParam(c: Context): number {
  const text = c.req.param('id') ?? '';
  if (!/^\d{1,15}$/.test(text)) throw new BadRequest(`not an id: "${text.slice(0, 40)}"`);
  return Number(text);
}
