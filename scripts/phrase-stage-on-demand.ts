// The resolver's second stage loaded on first need (issue 36), for both bundles: the CLI's
// (scripts/build-cli.ts) and the desktop app's main process (electron.vite.config.ts). The stage
// is a chunk of its own (phrase-stage-*.js, sharing the first stage's chunks), and its one door,
// src-main/dates/phrase-stage.ts, is built as a module that requires that chunk the first time a
// text gets past stage 1. require() of an ES module is synchronous (Node 22.12 and later, so
// Electron 35 and later), as the door's callers are, and it takes the chunks already loaded, not
// copies. The sources keep the plain import: the unit tests run them.
import { join, posix } from 'node:path';
import type { Plugin } from 'rolldown';

/** Where the door's code names stage 2's chunk, until the chunk's file is known (renderChunk). */
const PLACEHOLDER = '__PHRASE_STAGE_CHUNK__';

/**
 * A bundler plugin (rolldown's and Vite's alike) that builds the door as a loader of stage 2's
 * chunk, emitted here, named by its path from the chunk the door lands in (the CLI's chunks sit in
 * one folder, the desktop bundle's in chunks/ beside its entries).
 * `root` is the project's folder: passed in, as a config file may be bundled elsewhere to run.
 */
export function phraseStageOnDemand(root: string): Plugin {
  const door = join(root, 'src-main', 'dates', 'phrase-stage.ts');
  const stage = join(root, 'src-main', 'dates', 'phrase', 'reading.ts');
  let chunk: string | undefined;
  return {
    name: 'phrase-stage-on-demand',
    load(id) {
      if (id !== door) return null;
      chunk = this.emitFile({ type: 'chunk', id: stage, name: 'phrase-stage' });
      return [
        'const { createRequire } = globalThis.process.getBuiltinModule("node:module");',
        'let stage;',
        'export function phraseStageOnDemand() {',
        `  stage ??= createRequire(import.meta.url)("${PLACEHOLDER}").phraseStage;`,
        '  return stage;',
        '}',
      ].join('\n');
    },
    renderChunk(code, rendered) {
      if (chunk === undefined || !code.includes(PLACEHOLDER)) return null;
      const path = posix.relative(posix.dirname(rendered.fileName), this.getFileName(chunk));
      return code.replace(PLACEHOLDER, path.startsWith('.') ? path : `./${path}`);
    },
  };
}
