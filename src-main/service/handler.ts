// The one Fetch-style handler (Request -> Promise<Response>) behind both mounts: TCP on
// 127.0.0.1 (guarded: loopback Host; the app API needs the access token and, for changes, the
// app's own origin) and Electron's app:// (in-process, trusted). The threat model is this
// room's README.md. This is the plain path: every request can be answered here. On the TCP mount
// the spec's two GET routes are usually answered before it by the fast path (fast-path/), which
// calls the same answer functions (spec-routes.ts) and can be switched off.
import { Hono } from 'hono';
import type { AccountDomain } from '../domain/account-domain.ts';
import type { Accounts } from '../domain/accounts.ts';
import type { AppRouteDeps } from './app/index.ts';
import { xmlError } from './errors.ts';
import type { KeyVault } from './key-vault.ts';
import { createFastPath, fastPathWanted, type FastPath } from './fast-path/index.ts';
import { accessLog, appGuard, type Env, transportGuard } from './middleware.ts';
import {
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
  /** The TCP mount's fast path for the spec routes (fast-path/); default: on unless ACCOUNT_MONITOR_FAST_PATH=off. */
  fastPath?: boolean;
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

export type { FastPath } from './fast-path/index.ts';

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
  // With the access log on, every request goes through the router, which logs it.
  const fast = (options.fastPath ?? fastPathWanted()) && !options.accessLog;
  return { tcp, inProcess, fastPath: fast ? createFastPath(spec) : undefined };
}
