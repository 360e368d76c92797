// Composition of the service: store -> domain -> handlers. Both the headless server (CLI
// `serve`) and the Electron main process build the service through this, then choose mounts.
import { join } from 'node:path';
import type { LocalApiInfo } from '../src-shared/app-api.ts';
import { CSV_BODY_LIMIT } from '../src-shared/app-api.ts';
import { AccountDomain } from './domain/account-domain.ts';
import { type AccountSource, LocalAccount } from './domain/account-source.ts';
import { DomainError } from './domain/errors.ts';
import { accessToken } from './service/access-token.ts';
import { csvImporter } from './service/app/import-job.ts';
import { createHandlers, type FastPath, type FetchHandler } from './service/handler.ts';
import type { KeyVault } from './service/key-vault.ts';
import { StaticFiles } from './service/static.ts';
import { openStore, type Store } from './store/index.ts';

export interface AppOptions {
  dataDir: string;
  timeZone: string;
  clock: () => number;
  vault: KeyVault;
  /** A fixed access token (tests, ACCOUNT_MONITOR_TOKEN); otherwise the one kept in the data folder. */
  token?: string | undefined;
  /** Replace the kept access token with a new one (`serve --new-token`). */
  newToken?: boolean;
  log?: (line: string) => void;
  accessLog?: boolean;
  /** Built renderer folder; defaults to out/renderer in the package. */
  uiDir?: string;
}

export interface App {
  /** The TCP mount: Host and token guards on. */
  handler: FetchHandler;
  /** The app:// mount inside Electron: same routes, trusted caller. */
  inProcessHandler: FetchHandler;
  /** For `listen`: the spec's GET routes without Fetch objects (undefined with the access log on). */
  fastPath: FastPath | undefined;
  token: string;
  domain: AccountDomain;
  store: Store;
  vault: KeyVault;
  /** The account of the stored key, for the monitor; rejects when no key is stored or it was revoked. */
  account(): Promise<AccountSource>;
  /** Tell the app where the local API listens (shown in the window's API panel). */
  setApiInfo(info: LocalApiInfo): void;
  close(): void;
}

export const DEFAULT_UI_DIR = join(import.meta.dirname, '../out/renderer');

export function openApp(options: AppOptions): App {
  const log = options.log ?? ((line: string): void => { process.stderr.write(`${line}\n`); });
  // Writes on the request path never wait for another connection's lock: they are tried again
  // without blocking (service/app/busy-retry.ts).
  const store = openStore(options.dataDir, { busyTimeoutMs: 0 });
  if (store.readOnly) log(`the data folder ${options.dataDir} cannot be written: its data is shown, and every change is refused as read_only`);
  const domain = new AccountDomain({ store, timeZone: options.timeZone, clock: options.clock });
  const token = options.token ?? accessToken(options.dataDir, { rotate: options.newToken === true, log });
  let apiInfo: LocalApiInfo = { baseUrl: null, listening: false };
  const storedAccount = async (): Promise<number> => {
    const key = await options.vault.get();
    if (key === undefined) throw new DomainError('missing_key', 'no API key is stored yet: paste one, create a local account or start with demo data');
    return domain.authenticate(key);
  };
  const handlers = createHandlers({
    domain,
    vault: options.vault,
    token,
    ui: new StaticFiles(options.uiDir ?? DEFAULT_UI_DIR),
    log,
    accessLog: options.accessLog === true,
    storedAccount,
    apiInfo: () => apiInfo,
    importCsv: csvImporter({ domain, dataDir: options.dataDir, timeZone: options.timeZone, clock: options.clock, limit: CSV_BODY_LIMIT, onCommitted: () => { store.invalidate(); } }),
  });
  return {
    handler: handlers.tcp,
    inProcessHandler: handlers.inProcess,
    fastPath: handlers.fastPath,
    token,
    domain,
    store,
    vault: options.vault,
    account: async () => new LocalAccount(domain, await storedAccount()),
    setApiInfo: (info) => { apiInfo = info; },
    close: () => { store.close(); },
  };
}
