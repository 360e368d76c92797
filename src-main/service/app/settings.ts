// Notification settings: read, and edited with the domain's validation.
import type { Hono } from 'hono';
import { SettingsEdit } from '../../../src-shared/app-requests.ts';
import { type AppContext, jsonRoute, readBody } from './context.ts';

export function settingsRoutes(app: Hono, ctx: AppContext): void {
  const { domain } = ctx;
  jsonRoute(app, 'GET /app/settings', async () => domain.settings(await ctx.storedAccount()));
  jsonRoute(app, 'PUT /app/settings', async (c) => {
    const id = await ctx.storedAccount();
    const edit = await readBody(c, SettingsEdit);
    return ctx.write(() => domain.updateSettings(id, edit));
  });
}
