// Configuration, read once at start-up from flags and the environment and passed down; nothing
// deeper reads process.env or the clock directly.
import envPaths from 'env-paths';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isLoopbackName } from '../src-shared/loopback.ts';
import { readPort } from '../src-shared/port.ts';
import { NOTIFY_FORMATS, type NotifyFormat } from '../src-shared/vocabulary.ts';
import { ConfigError, readClock } from './config-clock.ts';

export { ConfigError, systemTimeZone } from './config-clock.ts';

export const DEFAULT_PORT = 8417;
export const DEFAULT_HOST = '127.0.0.1';

export interface AppConfig {
  /** Absolute: a relative --data-dir or ACCOUNT_MONITOR_DATA_DIR is resolved here, once, against the working folder. */
  dataDir: string;
  /** Chosen by --data-dir or ACCOUNT_MONITOR_DATA_DIR rather than the per-OS default (a login item then carries it). */
  dataDirChosen: boolean;
  timeZone: string;
  /** Current instant in epoch ms: the real clock, or a fixed one from ACCOUNT_MONITOR_NOW. */
  clock: () => number;
  fixedNow: number | undefined;
  port: number;
  /** The address to bind: a loopback one unless `allowRemote`. */
  host: string;
  /** `serve --allow-remote`: the user accepted a non-loopback `host` (serve warns what it exposes). */
  allowRemote: boolean;
  accessLog: boolean;
  /** Fixed per-launch token (tests, scripts); otherwise a random one is made at start. */
  token: string | undefined;
  /** PEM of an extra certificate authority trusted for providers (a self-hosted one), read from the file named. */
  providerCa: string | undefined;
  /** How often connected accounts are checked in the background, ms. */
  checkIntervalMs: number;
  /** Where alerts are posted (a webhook, an ntfy topic); https, or http to a loopback host. */
  notifyUrl: URL | undefined;
  notifyFormat: NotifyFormat;
}

export interface ConfigFlags {
  dataDir?: string | undefined;
  port?: string | undefined;
  host?: string | undefined;
  allowRemote?: boolean | undefined;
  accessLog?: boolean | undefined;
  providerCa?: string | undefined;
  checkInterval?: string | undefined;
  notifyUrl?: string | undefined;
  notifyUrlFile?: string | undefined;
  notifyFormat?: string | undefined;
}

/** Default minutes between background checks of a connected account. */
export const DEFAULT_CHECK_MINUTES = 10;

/** The per-OS data folder shared by the desktop app, the headless server and the CLI. */
export function defaultDataDir(): string {
  return envPaths('account-monitor', { suffix: '' }).data;
}

function parsePort(text: string, source: string): number {
  const read = readPort(text);
  if (!read.ok) throw new ConfigError(`${source}: ${read.problem}; got "${text}"`);
  return read.port;
}

function parseMinutes(text: string, source: string): number {
  const minutes = /^\s*\d+(?:\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(minutes >= 1 && minutes <= 1440))
    throw new ConfigError(
      `${source}: the minutes between background checks are a number from 1 to 1440; got "${text}"`,
    );
  return minutes;
}

function readCa(file: string, source: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`${source}: cannot read the CA file ${file}: ${(err as Error).message}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----'))
    throw new ConfigError(`${source}: ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  return pem;
}

/** The webhook's address: https, or plain http only to a loopback host (the providers' rule). */
function parseNotifyUrl(text: string, source: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ConfigError(`${source}: not a URL; write it as https://host/path`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`${source}: the address must start with https://`);
  if (url.protocol === 'http:' && !isLoopbackName(url.hostname))
    throw new ConfigError(
      `${source}: HTTPS is required for ${url.hostname} (alerts would cross the network in clear; http is allowed only for localhost)`,
    );
  return url;
}

/**
 * The address `serve` binds: a loopback one (src-shared/loopback.ts), or any other only when the
 * user said so with --allow-remote. Bound elsewhere, every machine that can reach the address
 * reaches the port, and only the Host check stands between it and the service.
 */
function parseHost(text: string, allowRemote: boolean): string {
  const trimmed = text.trim();
  // [::1] as a URL writes it is ::1 to bind.
  const host = /^\[.*\]$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  if (host === '') throw new ConfigError('--host: give an address to bind, such as 127.0.0.1');
  if (!isLoopbackName(host) && !allowRemote)
    throw new ConfigError(
      `--host ${host.slice(0, 60)} is not a loopback address: other machines could reach the service there; add --allow-remote to accept that, or leave --host out (127.0.0.1)`,
    );
  return host;
}

/**
 * The webhook's address kept in a file (`--notify-url-file`): a path in the process list gives
 * nothing away, where `--notify-url` shows the whole address (an ntfy topic, a token) to every
 * local user. The first line counts.
 */
function readNotifyUrlFile(file: string): URL {
  const source = `--notify-url-file ${file}`;
  let text: string;
  try {
    text = readFileSync(file, 'utf8').slice(0, 8192);
  } catch (err) {
    throw new ConfigError(`${source}: cannot read it: ${(err as Error).message}`);
  }
  const line = text.split(/\r?\n/, 1)[0]?.trim() ?? '';
  if (line === '') throw new ConfigError(`${source}: the file is empty; write the address on its first line`);
  return parseNotifyUrl(line, source);
}

function parseNotifyFormat(text: string, source: string): NotifyFormat {
  const format = NOTIFY_FORMATS.find((f) => f === text.trim());
  if (format === undefined)
    throw new ConfigError(`${source}: one of ${NOTIFY_FORMATS.join(', ')}; got "${text.slice(0, 20)}"`);
  return format;
}

export function readConfig(env: NodeJS.ProcessEnv, flags: ConfigFlags = {}): AppConfig {
  const { timeZone, clock, fixedNow } = readClock(env);
  const port =
    flags.port !== undefined
      ? parsePort(flags.port, '--port')
      : env.ACCOUNT_MONITOR_PORT
        ? parsePort(env.ACCOUNT_MONITOR_PORT, 'ACCOUNT_MONITOR_PORT')
        : DEFAULT_PORT;
  const token = env.ACCOUNT_MONITOR_TOKEN?.trim();
  const caFile = flags.providerCa ?? (env.ACCOUNT_MONITOR_PROVIDER_CA?.trim() || undefined);
  const caSource = flags.providerCa !== undefined ? '--provider-ca' : 'ACCOUNT_MONITOR_PROVIDER_CA';
  const minutes =
    flags.checkInterval !== undefined
      ? parseMinutes(flags.checkInterval, '--check-interval')
      : env.ACCOUNT_MONITOR_CHECK_INTERVAL?.trim()
        ? parseMinutes(env.ACCOUNT_MONITOR_CHECK_INTERVAL, 'ACCOUNT_MONITOR_CHECK_INTERVAL')
        : DEFAULT_CHECK_MINUTES;
  const chosenDir = flags.dataDir ?? (env.ACCOUNT_MONITOR_DATA_DIR?.trim() || undefined);
  return {
    // Resolved now: the desktop app's Chromium profile (app.setPath refuses a relative path), a
    // login item started elsewhere and every later message all mean the same folder.
    dataDir: resolve(chosenDir ?? defaultDataDir()),
    dataDirChosen: chosenDir !== undefined,
    timeZone,
    clock,
    fixedNow,
    port,
    host: flags.host === undefined ? DEFAULT_HOST : parseHost(flags.host, flags.allowRemote === true),
    allowRemote: flags.allowRemote === true,
    accessLog: flags.accessLog === true || env.ACCOUNT_MONITOR_ACCESS_LOG === '1',
    token: token === undefined || token === '' ? undefined : token,
    providerCa: caFile === undefined ? undefined : readCa(caFile, caSource),
    checkIntervalMs: minutes * 60_000,
    notifyUrl:
      flags.notifyUrl !== undefined
        ? parseNotifyUrl(flags.notifyUrl, '--notify-url')
        : flags.notifyUrlFile !== undefined
          ? readNotifyUrlFile(flags.notifyUrlFile)
          : env.ACCOUNT_MONITOR_NOTIFY_URL?.trim()
            ? parseNotifyUrl(env.ACCOUNT_MONITOR_NOTIFY_URL, 'ACCOUNT_MONITOR_NOTIFY_URL')
            : undefined,
    notifyFormat:
      flags.notifyFormat !== undefined
        ? parseNotifyFormat(flags.notifyFormat, '--notify-format')
        : env.ACCOUNT_MONITOR_NOTIFY_FORMAT?.trim()
          ? parseNotifyFormat(env.ACCOUNT_MONITOR_NOTIFY_FORMAT, 'ACCOUNT_MONITOR_NOTIFY_FORMAT')
          : 'json',
  };
}
