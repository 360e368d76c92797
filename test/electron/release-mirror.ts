// A fake of Electron's release server (the outside world) on a loopback port: the zip of one
// release in Electron's own layout, with its SHASUMS256.txt, at the paths the electron package's
// installer (@electron/get) asks for: ELECTRON_MIRROR + `v<version>/<file>`. Its "binary" is a
// stand-in that records how it was started and exits (stand-in.sh).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { zipSync } from 'fflate';

export interface Mirror {
  /** The value for ELECTRON_MIRROR (with its trailing slash). */
  url: string;
  /** Every path asked for, in order. */
  requests: string[];
  zipName: string;
  close(): Promise<void>;
}

export interface MirrorOptions {
  version: string;
  /** 'wrong': SHASUMS256.txt lists another file's digest for the zip. */
  checksum?: 'good' | 'wrong';
}

/** The file the installer unpacks and runs on this platform, as install.js names it. */
export function platformBinary(): string {
  return process.platform === 'win32' ? 'electron.exe' : 'electron';
}

export function releaseZip(): Uint8Array {
  const standIn = readFileSync(join(import.meta.dirname, 'stand-in.sh'));
  // Unix mode in the upper 16 bits of the external attributes (os 3 = Unix): the installer
  // keeps the exec bit, as it does for the real binary.
  const mode = (perm: number): number => ((0o100000 | perm) << 16) >>> 0;
  return zipSync({
    [platformBinary()]: [standIn, { os: 3, attrs: mode(0o755) }],
    version: [Buffer.from('45.4.1'), { os: 3, attrs: mode(0o644) }],
    LICENSE: [Buffer.from('A stand-in for Electron, made by the tests.\n'), { os: 3, attrs: mode(0o644) }],
    // Some weight, incompressible, so that the download shows its progress.
    'LICENSES.chromium.html': [randomBytes(3 * 1024 * 1024), { os: 3, attrs: mode(0o644), level: 0 }],
  });
}

export async function startMirror(options: MirrorOptions): Promise<Mirror> {
  const version = options.version.replace(/^v/, '');
  const zipName = `electron-v${version}-${process.platform}-${process.arch}.zip`;
  const zip = releaseZip();
  const digest = createHash('sha256')
    .update(options.checksum === 'wrong' ? Buffer.from('not the zip') : zip)
    .digest('hex');
  const shasums = [
    `${createHash('sha256').update('other').digest('hex')} *chromedriver-v${version}-${process.platform}-${process.arch}.zip`,
    `${digest} *${zipName}`,
    '',
  ].join('\n');
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://mirror').pathname;
    requests.push(path);
    const body =
      path === `/v${version}/${zipName}`
        ? Buffer.from(zip)
        : path === `/v${version}/SHASUMS256.txt`
          ? Buffer.from(shasums)
          : undefined;
    if (body === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    zipName,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
