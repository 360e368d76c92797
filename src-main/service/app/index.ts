// The window's own JSON API (docs/app-api.md; its contract is src-shared/app-api.ts), one file
// per resource. Keys stay in the main process: routes work for the account of the path's :id,
// whose key the window holds.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { JSON_BODY_LIMIT } from '../../../src-shared/app-api.ts';
import { jsonError, mapError } from '../errors.ts';
import { accountRoutes } from './accounts.ts';
import { appContext, type AppRouteDeps } from './context.ts';
import { ledgerRoutes } from './ledger.ts';
import { overTimeRoutes } from './over-time.ts';
import { recurringRoutes } from './recurring.ts';
import { sessionRoutes } from './session.ts';
import { settingsRoutes } from './settings.ts';
import { specXmlRoutes } from './spec-xml.ts';

export type { AppRouteDeps } from './context.ts';

export function appRoutes(deps: AppRouteDeps): Hono {
  const app = new Hono();
  const ctx = appContext(deps);
  app.onError((err) => {
    const e = mapError(err, deps.spec.log);
    return jsonError(e.status, e.code, e.message, e.line);
  });
  const smallBodies = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: () => jsonError(413, 'too_large', 'the request body is too large') });
  app.on(['POST', 'PUT'], ['/key', '/account', '/demo', '/connect', '/accounts/:id/refresh', '/accounts/:id/settings', '/accounts/:id/ledger', '/accounts/:id/recurring'], smallBodies);

  sessionRoutes(app, ctx);
  accountRoutes(app, ctx);
  specXmlRoutes(app, ctx);
  settingsRoutes(app, ctx);
  ledgerRoutes(app, ctx);
  recurringRoutes(app, ctx);
  overTimeRoutes(app, ctx);

  app.notFound(() => jsonError(404, 'not_found', 'no such app route'));
  return app;
}
