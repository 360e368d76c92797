// electron-vite: the Electron main and preload from src-main/desktop, the renderer from
// src-renderer (the same files headless mode serves). Non-default folders, so every entry is
// explicit (design brief, environment facts).
// Native modules (better-sqlite3, @napi-rs/keyring) and every other runtime dependency stay
// external: they load from node_modules at run time (bundled, a native module fails with
// "Could not locate the bindings file"). electron-builder ships them and unpacks the .node files.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import rendererConfig from './vite.config.ts';
import { phraseStageOnDemand } from './scripts/phrase-stage-on-demand.ts';

const here = import.meta.dirname;

export default defineConfig({
  main: {
    // The resolver's second stage, loaded on first need (scripts/phrase-stage-on-demand.ts).
    plugins: [phraseStageOnDemand(here)],
    build: {
      outDir: resolve(here, 'out/main'),
      externalizeDeps: { include: ['better-sqlite3', '@napi-rs/keyring'] },
      // The app API's CSV import runs in a worker thread, and the keychain's start-up check in a
      // utility process; each loads its own entry, built next to index.js, where
      // src-main/service/app/import-job.ts and src-main/desktop/keychain-probe.ts look for it.
      rollupOptions: {
        input: {
          index: resolve(here, 'src-main/desktop/main.ts'),
          'import-worker': resolve(here, 'src-main/service/app/import-worker.ts'),
          'keychain-probe': resolve(here, 'src-main/keychain/probe-child.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(here, 'out/preload'),
      // A sandboxed preload must be CommonJS.
      rollupOptions: {
        input: { index: resolve(here, 'src-main/desktop/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  // The same renderer build as headless mode (vite.config.ts): one definition of it.
  renderer: rendererConfig,
});
