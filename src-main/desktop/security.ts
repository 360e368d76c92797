// Applies policy.ts to Electron: the app:// scheme, navigation and window.open refused, and
// permission requests denied. Everything here is wiring; the decisions are in policy.ts.
import { app, protocol, type Session } from 'electron';
import type { FetchHandler } from '../service/handler.ts';
import { APP_HOST, APP_SCHEME, isAppUrl, withWindowHeaders } from './policy.ts';
import { noteRequest } from '../optimizing-tiers.ts';
import { messageOf } from '../../src-shared/message-of.ts';

/** Must run before `ready`: app:// behaves like https (secure context, fetch, same-origin rules). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/**
 * app:// is answered in-process by the service's trusted handler: no TCP, no token. Registered
 * first thing after `ready`, before the service exists (the keychain's first check can take
 * seconds, an unlock prompt longer), so a window shown early (a second launch, macOS's activate)
 * waits for its page instead of keeping a failed load: each request waits for `handler`.
 */
export function setupAppProtocol(handler: Promise<FetchHandler>, log: (line: string) => void): void {
  protocol.handle(APP_SCHEME, async (request) => {
    if (new URL(request.url).host !== APP_HOST) return new Response('not found', { status: 404 });
    noteRequest();
    try {
      return withWindowHeaders(await (await handler)(request));
    } catch (error: unknown) {
      log(`app:// ${request.url}: ${messageOf(error)}`);
      return new Response('internal error', { status: 500 });
    }
  });
}

/** Every web contents, present and future: stay on app://, open no windows, attach no webviews. */
export function setupNavigationGuards(log: (line: string) => void): void {
  app.on('web-contents-created', (_event, contents) => {
    const refuse = (event: { preventDefault: () => void }, url: string): void => {
      if (isAppUrl(url)) return;
      event.preventDefault();
      log(`blocked navigation to ${url}`);
    };
    contents.on('will-navigate', (event) => {
      refuse(event, event.url);
    });
    contents.on('will-redirect', (event) => {
      refuse(event, event.url);
    });
    contents.on('will-attach-webview', (event) => {
      event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) => {
      log(`blocked window.open(${url})`);
      return { action: 'deny' };
    });
  });
}

/**
 * Deny every permission (camera, notifications from the page, geolocation, ...). The one
 * exception is writing to the clipboard from our own page: the API panel's copy buttons.
 */
export function setupPermissions(session: Session): void {
  const allowed = (permission: string, origin: string): boolean =>
    permission === 'clipboard-sanitized-write' && isAppUrl(origin);
  session.setPermissionRequestHandler((contents, permission, callback) => {
    callback(allowed(permission, contents.getURL()));
  });
  session.setPermissionCheckHandler((_contents, permission, origin) => allowed(permission, origin));
  session.setDevicePermissionHandler(() => false);
}
