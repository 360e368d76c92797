// Notification settings: read (a connected account's from its latest check), and edited with the
// domain's validation (a connected account's are its provider's: 409 managed_by_provider).
import type { Hono } from 'hono';
import { SettingsEdit } from '../../../src-shared/app-requests.ts';
import { type AppContext, jsonRoute, readBody } from './context.ts';

export function settingsRoutes(app: Hono, ctx: AppContext): void {
  const { domain } = ctx;
  jsonRoute(app, 'GET /app/accounts/:id/settings', async (c) => (await ctx.account(c)).source.settings());
  jsonRoute(app, 'PUT /app/accounts/:id/settings', async (c) => {
    const { id } = await ctx.account(c);
    const edit = await readBody(c, SettingsEdit);
    return ctx.write(() => domain.updateSettings(id, edit));
  });
}
