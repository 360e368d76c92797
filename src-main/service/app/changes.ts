// GET /app/changes?since=G: the window's live updates (the feed itself is ../change-feed.ts).
import type { Hono } from 'hono';
import type { ChangeFeed } from '../change-feed.ts';
import { jsonRoute, queryInt } from './context.ts';

export function changeRoutes(app: Hono, feed: ChangeFeed): void {
  jsonRoute(app, 'GET /app/changes', async (c) => ({
    generation: await feed.wait(queryInt(c, 'since', { min: -1, max: Number.MAX_SAFE_INTEGER, default: -1 })),
  }));
}
