// Packaging, as far as this machine allows: electron-builder packs the built app with the
// project's electron-builder.yml (`--linux dir`: no installer, whose tools are downloads) around
// a stand-in Electron distribution (electronDist), so nothing is fetched. Then every file the
// built app loads must be where it will be looked for: main, preload and renderer in app.asar;
// each package the bundle imports, with its own dependencies; the native modules unpacked from
// the archive, only this platform's; the tray icons beside it. And the .deb's metadata is there.
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toolCommand } from '../../src-main/desktop/launcher/tools.ts';

const root = join(import.meta.dirname, '..', '..');
/** A bare specifier naming a package (node: built-ins and text that only looks like an import do not). */
const PACKAGE_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*(\/[\w./-]*)?$/;
/** Where @electron/fuses finds the fuse wire in an Electron binary: after this, a version, a length, one byte per fuse. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSES = [
  'RunAsNode',
  'EnableCookieEncryption',
  'EnableNodeOptionsEnvironmentVariable',
  'EnableNodeCliInspectArguments',
  'EnableEmbeddedAsarIntegrityValidation',
  'OnlyLoadAppFromAsar',
  'LoadBrowserProcessSpecificV8Snapshot',
  'GrantFileProtocolExtraPrivileges',
] as const;
let work: string;
let resources: string;
let packed: Set<string>;

function run(pkg: string, args: string[], bin?: string): void {
  const { command, args: all } = toolCommand(root, pkg, args, bin);
  const result = spawnSync(command, all, { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  if (result.status !== 0) throw new Error(`${pkg} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

/** Every file under a folder, relative to it, with forward slashes. */
function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? walk(join(dir, entry.name), base)
      : [relative(base, join(dir, entry.name)).split('\\').join('/')],
  );
}

describe.skipIf(process.platform !== 'linux')(
  'the packed desktop app (electron-builder --linux dir, stand-in Electron)',
  () => {
    beforeAll(() => {
      work = mkdtempSync(join(tmpdir(), 'am-package-'));
      const dist = join(work, 'electron-dist');
      mkdirSync(dist);
      copyFileSync(join(import.meta.dirname, 'stand-in.sh'), join(dist, 'electron'));
      // Electron's fuse wire (version 1, eight fuses, each on), which electron-builder flips.
      appendFileSync(join(dist, 'electron'), `# ${FUSE_SENTINEL}\x01\x08${'1'.repeat(8)}\n`);
      chmodSync(join(dist, 'electron'), 0o755);
      writeFileSync(join(dist, 'version'), '45.4.1');
      writeFileSync(join(dist, 'LICENSE'), 'stand-in');
      run('electron-vite', ['build', '--logLevel', 'warn']);
      const version = (
        JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }
      ).version;
      run(
        'electron-builder',
        [
          '--linux',
          'dir',
          `-c.electronDist=${dist}`,
          `-c.electronVersion=${version}`,
          `-c.directories.output=${join(work, 'out')}`,
        ],
        'electron-builder',
      );
      resources = join(work, 'out', 'linux-unpacked', 'resources');
      packed = new Set(
        listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) =>
          f
            .replace(/^[\\/]/, '')
            .split('\\')
            .join('/'),
        ),
      );
    }, 300_000);

    afterAll(() => {
      rmSync(work, { recursive: true, force: true });
    });

    it('holds main (package.json main), the worker and every chunk, the preload and the renderer, without source maps', () => {
      const main = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string }).main;
      const built = walk(join(root, 'out')).map((f) => `out/${f}`);
      expect(built).toContain(main);
      expect(built).toContain('out/preload/index.cjs');
      expect(built).toContain('out/renderer/index.html');
      expect(built).toContain('out/main/import-worker.js');
      for (const file of [...built.filter((f) => !f.endsWith('.map')), 'package.json'])
        expect(packed, file).toContain(file);
      expect([...packed].filter((f) => f.endsWith('.map'))).toEqual([]);
    });

    it('holds every package the bundle imports, and their dependencies', () => {
      const imports = new Set<string>();
      for (const file of walk(join(root, 'out', 'main')).filter((f) => f.endsWith('.js'))) {
        const text = readFileSync(join(root, 'out', 'main', file), 'utf8');
        for (const [, name] of text.matchAll(/(?:from|import\(|require\()\s*["']([^"'./][^"']*)["']/g)) {
          if (name === undefined || name === 'electron' || !PACKAGE_NAME.test(name)) continue;
          imports.add(name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : (name.split('/')[0] ?? name));
        }
      }
      expect([...imports]).toEqual(expect.arrayContaining(['better-sqlite3', 'hono', 'fast-xml-builder']));
      // Node's lookup: the package's own node_modules, then each folder above it.
      const has = (dir: string): boolean => packed.has(`${dir}/package.json`);
      const find = (name: string, from: string): string | undefined => {
        const parts = from.split('/');
        for (let i = parts.length; i >= 0; i--) {
          const dir = [...parts.slice(0, i), 'node_modules', name].filter((p) => p !== '').join('/');
          if (has(dir)) return dir;
        }
        return undefined;
      };
      const missing: string[] = [];
      const seen = new Set<string>();
      const visit = (name: string, from: string): void => {
        const dir = find(name, from);
        if (dir === undefined) {
          missing.push(`${name} (needed by ${from || 'the app'})`);
          return;
        }
        if (seen.has(dir)) return;
        seen.add(dir);
        const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
          dependencies?: Record<string, string>;
        };
        for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, dir);
      };
      for (const name of imports) visit(name, '');
      expect(missing).toEqual([]);
    });

    it("unpacks the native modules from the archive, this platform's only", () => {
      const unpacked = walk(join(resources, 'app.asar.unpacked'));
      const natives = unpacked.filter((f) => f.endsWith('.node'));
      expect(natives).toEqual(
        expect.arrayContaining([
          `node_modules/better-sqlite3/prebuilds/linux-${process.arch}.node`,
          expect.stringMatching(
            /^node_modules\/@napi-rs\/keyring-linux-[\w-]+\/keyring\.linux-[\w-]+\.node$/,
          ) as unknown,
        ]),
      );
      const thisPlatform = new RegExp(`/prebuilds/linux(musl)?-${process.arch}\\.node$`);
      expect(natives.filter((f) => f.includes('/prebuilds/') && !thisPlatform.test(f))).toEqual([]);
      expect(unpacked).not.toContain('node_modules/better-sqlite3/deps/sqlite3/sqlite3.c');
      // Each is also listed in the archive, as a file the archive says lives outside it.
      for (const file of natives) expect(packed, file).toContain(file);
    });

    it('puts the tray icons beside the archive, where the main process reads them', () => {
      expect(readdirSync(join(resources, 'tray')).sort()).toEqual(readdirSync(join(root, 'resources', 'tray')).sort());
    });

    it("has what a .deb needs: homepage, the author's email, a maintainer", () => {
      const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
        homepage?: string;
        author?: { email?: string };
      };
      const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
        linux?: { maintainer?: string; target?: string[] };
      };
      expect(pkg.homepage).toMatch(/^https:\/\//);
      expect(pkg.author?.email).toMatch(/^[^@\s]+@[^@\s]+$/);
      expect(config.linux?.maintainer).toMatch(/<[^@\s]+@[^@\s]+>$/);
      expect(config.linux?.target).toEqual(['AppImage', 'deb']);
      expect(existsSync(join(work, 'out', 'linux-unpacked', 'account-monitor'))).toBe(true);
    });

    it("turns off Electron's fuses that would let anyone run the app's binary as Node, and loads only its checked app.asar", () => {
      const binary = readFileSync(join(work, 'out', 'linux-unpacked', 'account-monitor'));
      const at = binary.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
      const state = Object.fromEntries(
        FUSES.map((name, i) => [name, String.fromCharCode(binary[at + 2 + i] ?? 0) === '1' ? 'on' : 'off']),
      );
      expect(state).toMatchObject({
        RunAsNode: 'off',
        EnableNodeOptionsEnvironmentVariable: 'off',
        EnableNodeCliInspectArguments: 'off',
        EnableEmbeddedAsarIntegrityValidation: 'on',
        OnlyLoadAppFromAsar: 'on',
      });
    });
  },
);
