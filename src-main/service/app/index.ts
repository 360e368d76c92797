// The window's own JSON API (docs/app-api.md; its contract is src-shared/app-api.ts), one file
// per resource. Keys stay in the main process: routes work for the account of the path's :id,
// whose key the window holds.
import { Hono } from 'hono';
import { jsonError, mapError } from '../errors.ts';
import { accountRoutes } from './accounts.ts';
import { alertRoutes } from './alerts.ts';
import { bodyRules } from './body-rules.ts';
import { changeRoutes } from './changes.ts';
import { appContext, type AppRouteDeps } from './context.ts';
import { ledgerRoutes } from './ledger.ts';
import { outlookRoutes } from './outlook.ts';
import { overTimeRoutes } from './over-time.ts';
import { recurringRoutes } from './recurring.ts';
import { sessionRoutes } from './session.ts';
import { settingsRoutes } from './settings.ts';
import { specXmlRoutes } from './spec-xml.ts';
import { surpriseRoutes } from './surprises.ts';

export type { AppRouteDeps } from './context.ts';

export function appRoutes(deps: AppRouteDeps): Hono {
  const app = new Hono();
  const ctx = appContext(deps);
  app.onError((err) => {
    const e = mapError(err, deps.spec.log);
    return jsonError(e.status, e.code, e.message, e.detail, e.headers);
  });
  app.use('*', bodyRules());

  sessionRoutes(app, ctx);
  changeRoutes(app, deps.changes);
  accountRoutes(app, ctx);
  specXmlRoutes(app, ctx);
  settingsRoutes(app, ctx);
  ledgerRoutes(app, ctx);
  recurringRoutes(app, ctx);
  overTimeRoutes(app, ctx);
  alertRoutes(app, ctx);
  outlookRoutes(app, ctx);
  surpriseRoutes(app, ctx);

  // Mounted routes share the parent's router, so an unknown /app path is answered here.
  app.all('*', () => jsonError(404, 'not_found', 'no such app route'));
  return app;
}
