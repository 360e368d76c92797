// The pieces of `npm start` that need no process: why an install failed, how the build tools are
// run, which Electron exits are explained, what the download's progress looks like.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainElectronExit } from '../../src-main/desktop/launcher/electron-exit.ts';
import { explainInstallFailure, HEADLESS_COMMAND } from '../../src-main/desktop/launcher/install-failure.ts';
import { DownloadProgress } from '../../src-main/desktop/launcher/progress.ts';
import { toolCommand } from '../../src-main/desktop/launcher/tools.ts';

const root = join(import.meta.dirname, '..', '..');

describe('explainInstallFailure', () => {
  it('names the server and what the network said', () => {
    const failure = explainInstallFailure(
      [
        { t: 'request', url: 'https://github.com/x' },
        { t: 'connect-error', origin: 'https://github.com', code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND' },
      ],
      'TypeError: fetch failed\n    at node:internal/deps/undici',
    );
    expect(failure.reason).toBe(
      'the download server https://github.com could not be found (no network, or no DNS) (ENOTFOUND)',
    );
    expect(failure.fix).toMatch(/^npx --no install-electron /);
  });

  it('says when the server refused the file, and when the checksum did not match', () => {
    expect(
      explainInstallFailure([{ t: 'headers', url: 'http://m/v1/electron.zip', status: 404, length: 9 }], '').reason,
    ).toBe('the download server answered 404 for http://m/v1/electron.zip');
    expect(
      explainInstallFailure(
        [],
        'Error: Generated checksum for "electron-v45.4.1-linux-x64.zip" did not match expected checksum.\n    at x',
      ).reason,
    ).toBe(
      'the download did not match its SHA-256 checksum, so it was not used (Error: Generated checksum for "electron-v45.4.1-linux-x64.zip" did not match expected checksum.)',
    );
  });

  it('sends an unsupported platform to the headless mode', () => {
    const failure = explainInstallFailure([], 'Error: Electron builds are not available on platform: aix\n  at y');
    expect(failure.reason).toBe(
      'Electron has no build for this platform (Error: Electron builds are not available on platform: aix)',
    );
    expect(failure.fix).toBe(HEADLESS_COMMAND);
  });

  it('quotes what the installer printed on one line, without control bytes, cut short', () => {
    const failure = explainInstallFailure([], `Error: \u001b[31mboom\u0007 ${'x'.repeat(500)}\n    at z`);
    // eslint-disable-next-line no-control-regex -- no control byte may reach the terminal
    expect(failure.reason).not.toMatch(/[\u0000-\u001f]/);
    expect(failure.reason).toContain('\\x1b[31mboom\\x07');
    expect(failure.reason.length).toBeLessThan(260);
  });
});

describe('toolCommand (no .cmd shims: Windows refuses to spawn them without a shell)', () => {
  it("runs each tool's JavaScript entry point with this Node", () => {
    for (const [pkg, entry] of [
      ['electron-vite', 'node_modules/electron-vite/bin/electron-vite.js'],
      ['vite', 'node_modules/vite/bin/vite.js'],
    ] as const) {
      const command = toolCommand(root, pkg, ['build']);
      expect(command).toEqual({ command: process.execPath, args: [join(root, entry), 'build'] });
      expect(command.args.join(' ')).not.toMatch(/\.cmd|\.bin/);
    }
  });
});

describe('explainElectronExit', () => {
  const suid =
    '[1:FATAL:setuid_sandbox_host.cc(163)] The SUID sandbox helper binary was found, but is not configured correctly. Rather than run without sandboxing';
  // The fix is a POSIX command with a POSIX path: Linux's problem only.
  it.skipIf(process.platform === 'win32')(
    "recognises the sandbox abort of Linux's user-namespace restriction, with the command that fixes it (Linux only)",
    () => {
      const problem = explainElectronExit(null, `noise\n${suid}\n`, '/p/node_modules/electron/dist');
      expect(problem?.reason).toMatch(/restricts unprivileged user namespaces .*#42510/);
      expect(problem?.fix).toMatch(
        /^sudo chown root:root '\/p\/node_modules\/electron\/dist\/chrome-sandbox' && sudo chmod 4755 '\/p\/node_modules\/electron\/dist\/chrome-sandbox'/,
      );
      expect(explainElectronExit(133, 'No usable sandbox! If you are running on Ubuntu 23.10+', '/d')).toBeDefined();
    },
  );
  it('leaves other exits alone', () => {
    expect(explainElectronExit(0, suid, '/d')).toBeUndefined();
    expect(explainElectronExit(1, 'Error: something else', '/d')).toBeUndefined();
  });
});

describe('DownloadProgress', () => {
  it('prints a line per tenth when not on a terminal, and nothing for small files', () => {
    const out: string[] = [];
    const progress = new DownloadProgress((t) => out.push(t), false);
    progress.onEvent({ t: 'headers', url: 'http://m/v1/SHASUMS256.txt', status: 200, length: 900 });
    progress.onEvent({ t: 'headers', url: 'http://m/v1/e.zip', status: 200, length: 100 * 1024 * 1024 });
    for (let i = 0; i < 20; i++) {
      progress.onEvent({ t: 'bytes', n: 5 * 1024 * 1024 });
      progress.tick();
    }
    progress.end(true);
    expect(out[0]).toBe('Downloading e.zip (100.0 MB)\n');
    const steps = out.slice(1, -1).map((l) => /^ {2}(\d+)% /.exec(l)?.[1]);
    expect(steps.slice(0, -1)).toEqual(['5', '10', '20', '30', '40', '50', '60', '70', '80', '90', '100']);
    expect(out.at(-2)).toMatch(/^ {2}Downloaded e\.zip: 100\.0 MB in [\d.]+ s, [\d.]+ MB\/s\n$/);
    expect(out.at(-1)).toBe('Electron is installed; it will not be downloaded again\n');
  });

  // A download from a near mirror can end between two ticks: the last word must not depend on them.
  it('says how a download finished even when no tick came in time', () => {
    const out: string[] = [];
    let now = 1_000;
    const progress = new DownloadProgress(
      (t) => out.push(t),
      false,
      () => now,
    );
    progress.onEvent({ t: 'headers', url: 'http://m/v1/e.zip', status: 200, length: 3 * 1024 * 1024 });
    progress.onEvent({ t: 'bytes', n: 3 * 1024 * 1024 });
    progress.onEvent({ t: 'headers', url: 'http://m/v1/SHASUMS256.txt', status: 200, length: 900 });
    progress.onEvent({ t: 'bytes', n: 900 });
    now += 250;
    progress.end(true);
    expect(out).toEqual([
      'Downloading e.zip (3.0 MB)\n',
      '  Downloaded e.zip: 3.0 MB in 0.3 s, 12.0 MB/s\n',
      'Electron is installed; it will not be downloaded again\n',
    ]);
  });

  it('says where a download stopped, and rewrites the terminal line when one was drawn', () => {
    const out: string[] = [];
    let now = 0;
    const progress = new DownloadProgress(
      (t) => out.push(t),
      true,
      () => now,
    );
    progress.onEvent({ t: 'headers', url: 'http://m/v1/e.zip', status: 200, length: 4 * 1024 * 1024 });
    progress.onEvent({ t: 'bytes', n: 1024 * 1024 });
    now = 500;
    progress.tick();
    now = 2_000;
    progress.end(false);
    expect(out.slice(1)).toEqual([
      '\r  25% 1.0 MB of 4.0 MB, 2.0 MB/s\u001b[K',
      '\r  Download of e.zip stopped after 1.0 MB of 4.0 MB in 2.0 s, 0.5 MB/s\u001b[K\n',
    ]);
  });
});
