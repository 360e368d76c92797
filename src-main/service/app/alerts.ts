// The monitor's alerts for the window (newest first, the unread count, marking read), its
// app-wide preferences (quiet hours, the forecast's days, reminders) and the accounts' snoozes.
// The monitor writes the alerts; these routes only read them and mark them read, so they work
// the same under the desktop app and `serve`.
import type { Hono } from 'hono';
import { ALERT_PAGE } from '../../../src-shared/app-api.ts';
import type { SnoozeList } from '../../../src-shared/app-api.ts';
import { MarkAlertsRead, PreferencesEdit, SnoozeRequest } from '../../../src-shared/app-requests.ts';
import {
  alertOf,
  defaultSnoozePhrase,
  editMonitorPreferences,
  monitorPreferences,
  snoozeAccount,
  snoozes,
} from '../../domain/alerts.ts';
import { DomainError } from '../../domain/errors.ts';
import { type AppContext, idParam, jsonRoute, queryInt, readBody } from './context.ts';

export function alertRoutes(app: Hono, ctx: AppContext): void {
  const { store, timeZone } = ctx.domain;

  jsonRoute(app, 'GET /app/alerts', (c) => {
    const limit = queryInt(c, 'limit', { min: 1, max: ALERT_PAGE.max, default: ALERT_PAGE.default });
    const before = queryInt(c, 'before', { min: 0, max: Number.MAX_SAFE_INTEGER, default: Number.MAX_SAFE_INTEGER });
    // One more than asked tells whether an older page exists.
    const rows = store.alerts.page(limit + 1, before);
    const alerts = rows.slice(0, limit).map((row) => alertOf(row, timeZone));
    return {
      alerts,
      unread: store.alerts.unreadCount(),
      nextBefore: rows.length > limit ? (alerts.at(-1)?.id ?? null) : null,
    };
  });

  jsonRoute(app, 'POST /app/alerts/read', async (c) => {
    const which = await readBody(c, MarkAlertsRead);
    await ctx.write(() => store.alerts.markRead(which, ctx.domain.nowSeconds()));
    return { unread: store.alerts.unreadCount() };
  });

  jsonRoute(app, 'GET /app/preferences', () => monitorPreferences(store));

  jsonRoute(app, 'PUT /app/preferences', async (c) => {
    const edit = await readBody(c, PreferencesEdit);
    return ctx.write(() => editMonitorPreferences(store, edit));
  });

  // Snoozes are app-wide, like the alerts list: any account the app monitors (no key needed).
  const snoozeList = (): SnoozeList => ({
    snoozes: [...snoozes(store, ctx.domain.nowSeconds())].map(([accountId, until]) => ({
      accountId,
      until: ctx.when(until),
    })),
    tomorrow: ctx.when(ctx.domain.resolve(defaultSnoozePhrase(store)).epochSeconds),
  });

  jsonRoute(app, 'GET /app/snoozes', snoozeList);

  jsonRoute(app, 'PUT /app/snoozes/:id', async (c) => {
    const accountId = idParam(c);
    if (ctx.accounts.overview(accountId) === undefined)
      throw new DomainError('unknown_account', `no account ${accountId} here`);
    const body = await readBody(c, SnoozeRequest);
    await ctx.write(() =>
      snoozeAccount(
        ctx.domain,
        accountId,
        body.until === undefined ? defaultSnoozePhrase(store) : body.until,
        body.dateOrder ?? 'mdy',
      ),
    );
    return snoozeList();
  });
}
