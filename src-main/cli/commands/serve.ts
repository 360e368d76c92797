// `serve`: the headless service with the web UI, until SIGTERM or SIGINT.
import { spawn } from 'node:child_process';
import { openApp } from '../../app.ts';
import { isLoopbackName } from '../../../src-shared/loopback.ts';
import { runClockInConfiguredZone } from '../../config-clock.ts';
import { readConfig } from '../../config.ts';
import { PendingKeyVault, SessionKeyVault, type KeyVault } from '../../service/key-vault.ts';
import { installLightFetch } from '../../service/light-listener.ts';
import { listen } from '../../service/server.ts';
import { claimDataFolder } from '../../store/index.ts';
import { keepHeapLight } from '../../light-heap.ts';
import { holdOptimizingTiers, noteRequest } from '../../optimizing-tiers.ts';
import { CliError } from '../errors.ts';
import { safeLog } from '../safe-text.ts';
import { messageOf } from '../../../src-shared/message-of.ts';

// Log lines may quote what a request sent: printed safely, like every CLI message.
const log = (line: string): void => {
  process.stderr.write(`${safeLog(line)}\n`);
};

/** When the keychain probe starts if nothing asked for the vault before. */
const PROBE_DELAY_MS = 1000;

async function openVault(): Promise<KeyVault> {
  // The keychain vault comes from src-main/keychain; it falls back to the session vault itself,
  // saying why. ACCOUNT_MONITOR_KEYCHAIN=off turns the keychain off.
  try {
    const { openKeyVault, keychainDisabledReason } = await import('../../keychain/index.ts');
    return await openKeyVault({ log, disabled: keychainDisabledReason(process.env) });
  } catch (err) {
    return new SessionKeyVault(`the keychain support could not be loaded (${messageOf(err)})`);
  }
}

/** What --allow-remote exposes, said at every start in one line. */
function remoteWarning(host: string): string {
  return `warning: --allow-remote: listening on ${host}, so every machine that can reach it reaches this port over plain http: the spec endpoints answer anyone who holds an account's key, and the sign-in page and the UI's files anyone at all; the Host check stops browsers, not programs; everything else needs the access token, which crosses the network in clear when used from another machine`;
}

/** `serve`'s options as commander hands them over (definitions.ts declares them). */
export interface ServeOptions {
  port?: string;
  host?: string;
  allowRemote?: boolean;
  dataDir?: string;
  accessLog?: boolean;
  newToken?: boolean;
  checkInterval?: string;
  providerCa?: string;
  notifyUrl?: string;
  notifyUrlFile?: string;
  notifyFormat?: string;
}

export async function serveCommand(opts: ServeOptions): Promise<void> {
  // The handler's Request, Response and Headers without Node's Fetch implementation (about 4 MB
  // held for the life of the service once the window's first request loaded it).
  installLightFetch();
  // The configured zone's offsets from the process clock, not Intl's formatter (whose ICU data,
  // about 6 MB, a long-running process would hold): as the one-shot commands do (config-clock.ts).
  runClockInConfiguredZone(process.env);
  // A heap that a burst does not leave grown for days (light-heap.ts), and V8's optimizing
  // compilers only once there is work for them (optimizing-tiers.ts).
  keepHeapLight();
  holdOptimizingTiers();
  const config = readConfig(process.env, opts);
  // One app per data folder (the desktop app, serve, npm start): a second one points at the
  // first (its port may differ, or be 0) instead of running a second monitor.
  const folder = claimDataFolder(config.dataDir, 'serve');
  if (!folder.held) throw new CliError(folder.message);
  if (folder.note !== undefined) log(folder.note);
  const { claim } = folder;
  // The keychain probe (a child process on Linux, about 60 ms) waits until the window first
  // needs the vault, or PROBE_DELAY_MS after the port opened: scripts asking the spec endpoints
  // never need it, and it would otherwise take CPU from the first answers.
  let startProbe: () => void = () => undefined;
  const vault = new PendingKeyVault(
    new Promise<void>((go) => {
      startProbe = go;
    }).then(openVault),
    () => {
      startProbe();
    },
  );
  // A notification's Open button: the UI in the desktop's browser (without the token: a page
  // that holds it opens the app, another asks for it; a token never goes in a process list).
  const ui: { url?: string } = {};
  const openUi = (): void => {
    const url = ui.url;
    if (url === undefined) return;
    try {
      const child = spawn('xdg-open', [url], { stdio: 'ignore', detached: true });
      child.on('error', (error) => {
        log(`could not open the UI in a browser (${error.message}): it is at ${url}`);
      });
      child.unref();
    } catch (error: unknown) {
      log(`could not open the UI in a browser (${messageOf(error)})`);
    }
  };
  const app = openApp({
    dataDir: config.dataDir,
    timeZone: config.timeZone,
    clock: config.clock,
    vault,
    token: config.token,
    newToken: opts.newToken === true,
    log,
    accessLog: config.accessLog,
    providerCa: config.providerCa,
    checkIntervalMs: config.checkIntervalMs,
    // Without Electron: alerts as lines here, on the desktop's notification service, and to the webhook.
    notify: {
      terminal: true,
      desktopBus: { env: process.env },
      url: config.notifyUrl,
      format: config.notifyFormat,
      open: openUi,
    },
  });
  if (opts.notifyUrl !== undefined)
    log(
      'note: --notify-url is readable by every local user in the process list; for an address that is a secret (an ntfy topic, a token, a password) set ACCOUNT_MONITOR_NOTIFY_URL or use --notify-url-file',
    );
  if (opts.newToken === true)
    log(
      config.token === undefined
        ? 'access token: replaced; pages that held the old one must sign in again'
        : 'access token: ACCOUNT_MONITOR_TOKEN is set, so it is used instead of the kept one',
    );
  let listening;
  try {
    listening = await listen(app.handler, {
      host: config.host,
      port: config.port,
      log,
      fastPath: app.fastPath,
      onRequest: noteRequest,
    });
  } catch (err) {
    app.close();
    claim.release();
    throw err;
  }
  setTimeout(() => {
    startProbe();
  }, PROBE_DELAY_MS).unref();
  app.setApiInfo({ baseUrl: listening.url, listening: true });
  ui.url = listening.url;
  claim.announce(listening.url);
  log(
    `Account Monitor service: data in ${config.dataDir}, zone ${config.timeZone}${config.fixedNow === undefined ? '' : ', clock fixed by ACCOUNT_MONITOR_NOW'}; connected accounts checked every ${config.checkIntervalMs / 60_000} min`,
  );
  log(`listening on http://${listening.host}:${listening.port}/`);
  if (!isLoopbackName(listening.host)) log(remoteWarning(listening.host));
  log(
    `UI: ${listening.url}#token=${app.token}${listening.reachableHere ? '' : ` (through a port forwarded to ${listening.host}: only requests addressed to a loopback name are answered)`}`,
  );
  // Connected accounts whose keys the app keeps are checked in the background, and the monitor
  // watches every account the app can read (it waits for the keychain, which the probe opens).
  void app.startBackground();
  // A session-only vault has already said why (openKeyVault logs its reason).
  void vault.ready().then((opened) => {
    const status = opened.status();
    if (status.mode === 'keychain') log(`key storage: ${status.store}`);
  });
  await new Promise<void>((done) => {
    const stop = (signal: string): void => {
      log(`${signal}: shutting down`);
      void listening.close().then(() => {
        app.close();
        // Last: until the monitor has stopped, no other app may start one on this folder.
        claim.release();
        done();
      });
    };
    process.once('SIGTERM', () => {
      stop('SIGTERM');
    });
    process.once('SIGINT', () => {
      stop('SIGINT');
    });
  });
}
