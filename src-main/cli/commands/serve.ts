// `serve`: the headless service with the web UI, until SIGTERM or SIGINT.
import { openApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { PendingKeyVault, SessionKeyVault, type KeyVault } from '../../service/key-vault.ts';
import { listen } from '../../service/server.ts';

const log = (line: string): void => { process.stderr.write(`${line}\n`); };

async function openVault(): Promise<KeyVault> {
  // The keychain vault comes from src-main/keychain when present (desktop room); the session
  // vault is the honest fallback that says why.
  try {
    const keychain = (await import('../../keychain/index.ts')) as { openKeyVault?: (o: { log: (l: string) => void }) => Promise<KeyVault> };
    if (keychain.openKeyVault) return await keychain.openKeyVault({ log });
  } catch {
    // no keychain module: fall through
  }
  return new SessionKeyVault('no keychain support is available in this build');
}

export async function serveCommand(opts: { port?: string; host?: string; dataDir?: string; accessLog?: boolean }): Promise<void> {
  const config = readConfig(process.env, opts);
  // The keychain probe runs beside start-up: only the window's key routes wait for it.
  const vault = new PendingKeyVault(openVault());
  const app = openApp({ dataDir: config.dataDir, timeZone: config.timeZone, clock: config.clock, vault, token: config.token, log, accessLog: config.accessLog });
  let listening;
  try {
    listening = await listen(app.handler, { host: config.host, port: config.port, log });
  } catch (err) {
    app.close();
    throw err;
  }
  app.setApiInfo({ baseUrl: listening.url, listening: true });
  log(`Account Monitor service: data in ${config.dataDir}, zone ${config.timeZone}${config.fixedNow === undefined ? '' : ', clock fixed by ACCOUNT_MONITOR_NOW'}`);
  log(`listening on ${listening.url}`);
  log(`UI: ${listening.url}?token=${app.token}`);
  void vault.ready().then((opened) => {
    const status = opened.status();
    log(`key storage: ${status.store}${status.reason === undefined ? '' : ` (${status.reason})`}`);
  });
  await new Promise<void>((done) => {
    const stop = (signal: string): void => {
      log(`${signal}: shutting down`);
      void listening.close().then(() => {
        app.close();
        done();
      });
    };
    process.once('SIGTERM', () => { stop('SIGTERM'); });
    process.once('SIGINT', () => { stop('SIGINT'); });
  });
}
