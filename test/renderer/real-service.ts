// The window's component tests talk to the real service: `fetch` is routed to the real handler
// (the in-process app:// mount, or the TCP mount without a token) over SQLite in a temporary
// folder, with a fixed clock and zone. Only the OS keychain is stood in for (the outside world).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { openApp, type App } from '../../src-main/app.ts';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import { SessionKeyVault, type KeyVault, type KeyVaultStatus } from '../../src-main/service/key-vault.ts';

export const ZONE = 'Europe/London';
export const NOW_MS = parseLocalWallTime('2026-11-22T10:35:00', ZONE) ?? Number.NaN;
export const NOW = NOW_MS / 1000;
/** The service's access token (what a browser tab must send over TCP). */
export const TOKEN = 'window-test-token-0123';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string | undefined;
  authorization: string | null;
}

/** A keychain that works (names its store), kept in memory: the OS keychain is not the test's. */
class InMemoryKeychain extends SessionKeyVault {
  override status(): KeyVaultStatus {
    return { mode: 'keychain', store: 'GNOME Keyring (Secret Service)' };
  }
}

export interface RealService {
  app: App;
  calls: Call[];
  /** When true, fetch fails as with the service stopped. */
  unreachable: boolean;
  /**
   * Routes fetch to the TCP mount, as a browser tab in headless mode: the page must then send
   * the access token itself (TOKEN).
   */
  withoutToken: boolean;
  close(): void;
}

/** Opens the real service over a fresh data folder and routes the window's fetch() to it. */
export function realService(options: { vault?: 'keychain' | 'session' } = {}): RealService {
  const dataDir = mkdtempSync(join(tmpdir(), 'am-window-'));
  const vault: KeyVault =
    options.vault === 'keychain' ? new InMemoryKeychain('unused') : new SessionKeyVault('no Secret Service is running');
  const app = openApp({ dataDir, timeZone: ZONE, clock: () => NOW_MS, vault, token: TOKEN, log: () => undefined });
  const service: RealService = {
    app,
    calls: [],
    unreachable: false,
    withoutToken: false,
    close: () => {
      app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (service.unreachable) throw new TypeError('Failed to fetch');
    const relative = input instanceof Request ? input.url : input.toString();
    const url = new URL(relative, service.withoutToken ? 'http://127.0.0.1:8417/' : 'app://account-monitor/');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const headers = new Headers(init?.headers);
    service.calls.push({
      method,
      path: url.pathname.replace(/^\//, ''),
      query: url.searchParams,
      body,
      authorization: headers.get('authorization'),
    });
    if (service.withoutToken) headers.set('host', url.host);
    const request = new Request(url, { method, headers, body: body ?? null });
    return service.withoutToken ? app.handler(request) : app.inProcessHandler(request);
  });
  return service;
}

/**
 * The real service's fetch, with a hook that may hold an answer back (to force the order in which
 * the page gets them): `hold` gets the call and a function giving the real answer. Call it after realService().
 */
export function heldFetch(): {
  hold: (call: { method: string; path: string }, answer: () => Promise<Response>) => Promise<Response>;
} {
  const real = globalThis.fetch;
  const hook = { hold: (_call: { method: string; path: string }, answer: () => Promise<Response>) => answer() };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const relative = input instanceof Request ? input.url : input.toString();
    const path = new URL(relative, 'app://account-monitor/').pathname.replace(/^\//, '');
    return hook.hold({ method: init?.method ?? 'GET', path }, () => real(input, init));
  });
  return hook;
}

/** A local account whose key the window holds, as after onboarding. */
export async function accountInUse(
  service: RealService,
  name = 'Test account',
): Promise<{ accountId: number; key: string }> {
  const created = service.app.domain.createAccount(name);
  await service.app.vault.set(vaultRef(service, created.accountId), created.key);
  service.app.accounts.keepKey(created.accountId, true);
  return created;
}

/** Where the app keeps an account's key. */
export function vaultRef(service: RealService, accountId: number): string {
  const ref = service.app.accounts.overview(accountId)?.vaultRef;
  if (ref === undefined) throw new Error(`no account ${accountId}`);
  return ref;
}

/** jsdom lacks ResizeObserver, which the chart's container needs. */
export function installBrowserStubs(): void {
  class ResizeObserverStub {
    observe(): void {
      /* no layout in jsdom */
    }
    unobserve(): void {
      /* none */
    }
    disconnect(): void {
      /* none */
    }
  }
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
}
