// The one Fetch-style handler (Request -> Promise<Response>) behind both mounts: TCP on
// 127.0.0.1 (guarded: loopback Host; the app API needs the access token and, for changes, the
// app's own origin) and Electron's app:// (in-process, trusted). The threat model is this
// room's README.md.
import { Hono } from 'hono';
import type { AccountDomain } from '../domain/account-domain.ts';
import type { Accounts } from '../domain/accounts.ts';
import type { AppRouteDeps } from './app/index.ts';
import { xmlError } from './errors.ts';
import { isLoopbackHost } from './guards.ts';
import type { KeyVault } from './key-vault.ts';
import { accessLog, appGuard, type Env, MAX_URL_LENGTH, transportGuard } from './middleware.ts';
import {
  answerTarget,
  balanceAnswer,
  createSpecContext,
  datetimeOf,
  lastValue,
  queryOf,
  settingsAnswer,
  toResponse,
  type SpecAnswer,
} from './spec-routes.ts';
import type { StaticFiles } from './static.ts';
import { uiRoute } from './ui-route.ts';

export interface HandlerOptions {
  domain: AccountDomain;
  /** Every account, local or connected: the spec routes ask the one a key opens. */
  accounts: Accounts;
  vault: KeyVault;
  token: string;
  ui: StaticFiles | undefined;
  log: (line: string) => void;
  /** Logs one line per request, the key redacted. Off by default: it costs throughput. */
  accessLog: boolean;
  apiInfo: AppRouteDeps['apiInfo'];
  importCsv: AppRouteDeps['importCsv'];
  checks: AppRouteDeps['checks'];
  /** Settles once the key of the single-key era, if any, has moved to its account. */
  ready: AppRouteDeps['ready'];
  changes: AppRouteDeps['changes'];
  held: AppRouteDeps['held'];
}

export type FetchHandler = (req: Request) => Promise<Response>;

export { MAX_URL_LENGTH } from './middleware.ts';
const ALLOW = 'GET, HEAD';

const notFound = (): Response =>
  xmlError(
    404,
    'not_found',
    'no such path; the service answers /account/get_balance/ and /account/get_notification_settings/',
  );

/**
 * The spec's two GET endpoints answered without the router, for the TCP mount's hot path: same
 * guards, same answer functions, no Fetch objects. Anything else (other paths and methods, a
 * foreign Host, an overlong target) returns undefined and goes through the router, which
 * answers it; `test/service/fast-path.test.ts` checks both give the same bytes. A local
 * account's answer is immediate; a connected account's comes when its provider answers.
 */
export type FastPath = (
  method: string,
  host: string | undefined,
  target: string,
) => SpecAnswer | Promise<SpecAnswer> | undefined;

/** Which spec endpoint a request target names (either path, with or without the slash). */
function specPath(target: string, q: number): 'balance' | 'settings' | undefined {
  const end = q === -1 ? target.length : q;
  const path = target.charCodeAt(end - 1) === 47 ? end - 1 : end;
  if (path === 20 && target.startsWith('/account/get_balance')) return 'balance';
  if (path === 34 && target.startsWith('/account/get_notification_settings')) return 'settings';
  return undefined;
}

export function createHandlers(options: HandlerOptions): {
  tcp: FetchHandler;
  inProcess: FetchHandler;
  fastPath: FastPath | undefined;
} {
  const { domain, log } = options;
  const app = new Hono<Env>();
  app.use('*', transportGuard());
  if (options.accessLog) app.use('*', accessLog(log));

  const specRoute = (
    path: string,
    answer: (target: string, query: URLSearchParams) => SpecAnswer | Promise<SpecAnswer>,
  ): void => {
    for (const p of [path, `${path}/`]) {
      app.get(p, async (c) => toResponse(await answer(c.req.url, queryOf(c.req.url))));
      app.all(p, () => xmlError(405, 'method_not_allowed', `only ${ALLOW} are allowed here`, { Allow: ALLOW }));
    }
  };
  const spec = createSpecContext(domain, options.accounts, log);
  specRoute('/account/get_balance', (target, q) =>
    balanceAnswer(spec, lastValue(q, 'key'), datetimeOf(target, lastValue(q, 'datetime'))),
  );
  specRoute('/account/get_notification_settings', (_target, q) => settingsAnswer(spec, lastValue(q, 'key')));

  app.use('/app/*', appGuard(options.token));
  // The app API (and zod, its request checks) is loaded by its first request that passed the
  // guard, not at start-up: scripts asking the spec endpoints never need it, and loading it
  // costs about 80 ms before the first answer.
  let appApi: Promise<Hono<Env>> | undefined;
  app.all('/app/*', async (c) => {
    appApi ??= import('./app/index.ts').then(({ appRoutes }) => {
      const api = new Hono<Env>();
      api.route(
        '/app',
        appRoutes({
          spec,
          domain,
          vault: options.vault,
          apiInfo: options.apiInfo,
          importCsv: options.importCsv,
          checks: options.checks,
          ready: options.ready,
          changes: options.changes,
          held: options.held,
        }),
      );
      return api;
    });
    return (await appApi).fetch(c.req.raw, c.env);
  });
  app.all('*', uiRoute(options.ui, options.token, notFound));

  app.notFound(notFound);
  app.onError((err) => {
    log(`unexpected error: ${err.stack ?? err.message}`);
    return xmlError(500, 'internal_error', 'something went wrong inside the service; it has been logged');
  });

  const tcp: FetchHandler = async (req) => app.fetch(req, { trusted: false });
  const inProcess: FetchHandler = async (req) => app.fetch(req, { trusted: true });
  // Scripts send the same Host on every request: the last one found loopback is remembered.
  let loopbackHost: string | undefined;
  const fastPath: FastPath = (method, host, target) => {
    if ((method !== 'GET' && method !== 'HEAD') || target.length > MAX_URL_LENGTH || host === undefined)
      return undefined;
    if (host !== loopbackHost) {
      if (!isLoopbackHost(host)) return undefined;
      loopbackHost = host;
    }
    const q = target.indexOf('?');
    const which = specPath(target, q);
    if (which === undefined) return undefined;
    return answerTarget(spec, which, target, q);
  };
  // With the access log on, every request goes through the router, which logs it.
  return { tcp, inProcess, fastPath: options.accessLog ? undefined : fastPath };
}
