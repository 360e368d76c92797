// Small pure pieces the composition root plugs together (tested under Node).
import type { FetchHandler } from '../service/handler.ts';

/**
 * The window changes the key, the settings or the ledger through /app/ writes; the tray should
 * not wait for the next poll to show the result, so a completed write triggers a refresh.
 */
export function refreshAfterWrites(handler: FetchHandler, refresh: () => void): FetchHandler {
  return async (request) => {
    const response = await handler(request);
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      new URL(request.url).pathname.startsWith('/app/') &&
      response.ok
    )
      refresh();
    return response;
  };
}
