import { defineConfig } from 'vitest/config';

// The suite "electron-offline" (scripts/suites/electron.ts): `npm start` in a sandbox copy of the
// project against a fake of Electron's release server on loopback, and electron-builder packing
// the app around a stand-in Electron. The npm start cases share one sandbox in order (install,
// then the second start), and both files build the app: one file at a time.
export default defineConfig({
  test: {
    include: ['test/electron/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
