import { defineConfig } from 'vitest/config';

// The npm start end-to-end suite (scripts/suites/electron.ts, "electron-mirror"): `npm start` in a
// sandbox copy of the project against a fake of Electron's release server on loopback. The cases
// share one sandbox in order (install, then the second start), so one file, one at a time.
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
