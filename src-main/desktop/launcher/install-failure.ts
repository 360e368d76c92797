// Why the electron package's installer did not install the binary, in words a user can act on,
// and the one command that fixes it. Read from what the installer was seen doing on the network
// (install-observer.ts) and the end of what it printed.
import { safeLine } from '../../cli/safe-text.ts';
import type { InstallEvent } from './install-observer.ts';

export interface InstallFailure {
  reason: string;
  fix: string;
}

/** The electron package's own installer, as a command run in the project folder. */
export const INSTALL_COMMAND = 'npx --no install-electron';
export const HEADLESS_COMMAND = 'ACCOUNT_MONITOR_HEADLESS=1 npm start';
const RETRY = `${INSTALL_COMMAND} (online, or with ELECTRON_MIRROR set to a mirror you can reach), then npm start`;

const QUOTE_BYTES = 200;

const NETWORK_CODES: Record<string, string> = {
  ENOTFOUND: 'could not be found (no network, or no DNS)',
  EAI_AGAIN: 'could not be looked up (no network, or no DNS)',
  ECONNREFUSED: 'refused the connection',
  ECONNRESET: 'closed the connection',
  ETIMEDOUT: 'did not answer',
  UND_ERR_CONNECT_TIMEOUT: 'did not answer',
  ENETUNREACH: 'is unreachable (no network)',
  EHOSTUNREACH: 'is unreachable',
  CERT_HAS_EXPIRED: 'has an expired certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'has a certificate that cannot be verified (a proxy in the way?)',
  SELF_SIGNED_CERT_IN_CHAIN: 'has a certificate that cannot be verified (a proxy in the way?)',
};

/** The installer exited without installing: why, from the events it showed and its stderr. */
export function explainInstallFailure(events: readonly InstallEvent[], stderr: string): InstallFailure {
  const text = stderr.replace(/\r/g, '\n');
  if (/not available on platform|does not have a published/i.test(text)) {
    return {
      reason: `Electron has no build for this platform (${line(firstMatching(text, /platform|published/i))})`,
      fix: HEADLESS_COMMAND,
    };
  }
  const connectError = events.findLast((e) => e.t === 'connect-error');
  if (connectError !== undefined) {
    const meaning = NETWORK_CODES[connectError.code] ?? (connectError.message || connectError.code || 'failed');
    return {
      reason: `the download server ${line(connectError.origin)} ${meaning}${connectError.code === '' ? '' : ` (${connectError.code})`}`,
      fix: RETRY,
    };
  }
  const refused = events.findLast((e) => e.t === 'headers' && e.status >= 400);
  if (refused?.t === 'headers') {
    return { reason: `the download server answered ${refused.status} for ${line(refused.url)}`, fix: RETRY };
  }
  if (/checksum/i.test(text)) {
    return {
      reason: `the download did not match its SHA-256 checksum, so it was not used (${line(firstMatching(text, /checksum/i))})`,
      fix: RETRY,
    };
  }
  const failed = events.findLast((e) => e.t === 'error');
  if (failed?.t === 'error') {
    return { reason: `the download failed (${line(failed.message)} for ${line(failed.url)})`, fix: RETRY };
  }
  return { reason: `the installer failed (${line(firstErrorLine(text))})`, fix: RETRY };
}

function line(text: string): string {
  return safeLine(text, QUOTE_BYTES);
}

function firstMatching(text: string, pattern: RegExp): string {
  return text.split('\n').find((l) => pattern.test(l)) ?? '';
}

/** The message of the error the installer printed (its stack's first line), else its last line. */
function firstErrorLine(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('at '));
  return lines.find((l) => /error/i.test(l)) ?? lines.at(-1) ?? 'no message';
}
