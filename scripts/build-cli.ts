// `npm run build:cli` (run by `prepare`, so by every `npm ci`): the CLI as a bundle in out/cli/,
// which bin/account-monitor.js runs. A one-shot command pays for every module it loads (finding,
// reading and linking each file, type stripping on the first run); the bundle joins the sources
// into a few files. The commands' lazy imports stay lazy: each becomes a chunk of its own, loaded
// only when a command needs it, so `status` or `resolve` still loads none of the service.
// The native modules stay outside (bundled, they cannot find their binaries), and so does the
// import worker: an entry of its own, next to main.js, where import-job.ts looks for it.
// Node's built-in modules are taken with process.getBuiltinModule instead of an import: an import
// of one builds its whole ES module face, reading every export, and some exports are getters that
// load more of Node (importing node:fs, node:util or node:process costs 5 ms or more each, about
// as much as the command's own work); getBuiltinModule hands over the object itself.
// The sources remain the truth: the unit tests import them, and a bundle older than them is
// rebuilt before the CLI tests and the bench (`--if-stale`), and by `npm run cli`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build, type Plugin } from 'rolldown';
import { phraseStageOnDemand } from './phrase-stage-on-demand.ts';

const ROOT = join(import.meta.dirname, '..');
export const CLI_BUNDLE_DIR = join(ROOT, 'out', 'cli');
const MAIN = join(CLI_BUNDLE_DIR, 'main.js');

/** What the bundle is made of: when any of these is newer than it, it is stale. */
const INPUTS = [
  'src-main',
  'src-shared',
  'package-lock.json',
  'scripts/build-cli.ts',
  'scripts/phrase-stage-on-demand.ts',
];

/** Modules that load a binary of their own, found next to their JavaScript in node_modules. */
const NATIVE = ['better-sqlite3', '@napi-rs/keyring'];

function newestMtime(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** True when out/cli/main.js is missing or older than any of its sources. */
export function cliBundleIsStale(): boolean {
  if (!existsSync(MAIN)) return true;
  const built = statSync(MAIN).mtimeMs;
  return INPUTS.some((input) => newestMtime(join(ROOT, input)) > built);
}

const BUILTIN = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
/** `import CLAUSE from "MODULE";` or `import "MODULE";`, as the bundler writes them: one a line. */
const IMPORT_LINE = /^import (?:(.+?) from )?"([^"]+)";$/gm;

/** The statement taking what `clause` imports of the built-in module `specifier` (see above). */
function builtinTaken(clause: string | undefined, specifier: string): string {
  // globalThis: the module may bind a name `process` itself (`import process from "node:process"`).
  const module = `globalThis.process.getBuiltinModule(${JSON.stringify(specifier)})`;
  if (clause === undefined) return `${module};`;
  const named = /^(?:([\w$]+)\s*,\s*)?\{(.*)\}$/.exec(clause);
  if (named !== null) {
    const names = (named[2] ?? '').replace(/\bas\b/g, ':');
    return named[1] === undefined
      ? `const {${names}} = ${module};`
      : `const ${named[1]} = ${module}; const {${names}} = ${named[1]};`;
  }
  const whole = /^(?:\* as )?([\w$]+)$/.exec(clause);
  if (whole === null) throw new Error(`build-cli: an import of ${specifier} this build cannot rewrite: ${clause}`);
  return `const ${whole[1] ?? ''} = ${module};`;
}

const builtinsByGetBuiltinModule: Plugin = {
  name: 'builtins-by-getBuiltinModule',
  renderChunk(code) {
    return code.replace(IMPORT_LINE, (line, clause: string | undefined, specifier: string) =>
      BUILTIN.has(specifier) ? builtinTaken(clause, specifier) : line,
    );
  },
};

/**
 * Every character outside ASCII written as a \u escape (in strings, regular expressions and
 * templates it means the same; in comments nothing). Node's compile cache finds a file's entry by
 * a hash of its text in UTF-8: one "’" makes the whole chunk a two-byte string, converted
 * character by character on every run (about 1.5 ms for the resolver's chunk); ASCII is copied.
 * No chunk reads a template's raw text (String.raw), where an escape would show.
 */
const asciiOnly: Plugin = {
  name: 'ascii-only',
  // On the chunks as written (renderChunk sees some strings before the bundler's last rewrite).
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      if (chunk.code.includes('String.raw')) throw new Error(`build-cli: ${chunk.fileName} uses String.raw`);
      chunk.code = chunk.code.replace(/[^ -~\t\n\r]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    }
  },
};

export async function buildCli(): Promise<void> {
  await build({
    cwd: ROOT,
    input: {
      main: join(ROOT, 'src-main', 'cli', 'main.ts'),
      'import-worker': join(ROOT, 'src-main', 'service', 'app', 'import-worker.ts'),
    },
    platform: 'node',
    plugins: [phraseStageOnDemand(ROOT), builtinsByGetBuiltinModule, asciiOnly],
    external: [/^node:/, ...NATIVE.map((name) => new RegExp(`^${name}(/|$)`))],
    logLevel: 'warn',
    output: {
      dir: CLI_BUNDLE_DIR,
      format: 'esm',
      cleanDir: true,
      // Every file in one folder: import-job.ts finds the worker next to its own chunk.
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
      // What status, check and resolve need (not the resolver itself: resolve loads it in its
      // action) in one chunk instead of a dozen: each file loaded costs more than its size.
      codeSplitting: {
        groups: [
          { name: 'quick-commands', test: /src-main[\\/]cli[\\/]commands[\\/](status|check|resolve)\.ts$/ },
          // What status and check read of the running app's evaluations, with the schema that
          // checks it and zod (which the store and the service load too): one file, not four.
          {
            name: 'stored-reads',
            test: /src-main[\\/]store[\\/](stored-evaluations|read-only-rows|stored-json|database-file)\.ts$|src-shared[\\/]schema\.ts$|node_modules[\\/]zod[\\/]/,
          },
        ],
      },
    },
  });
}

if (import.meta.main) {
  if (process.argv.includes('--if-stale') && !cliBundleIsStale()) process.exit(0);
  const t0 = performance.now();
  await buildCli();
  process.stderr.write(`built the CLI into out/cli in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}
