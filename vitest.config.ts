import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { reactAsPreact } from './vite.config.ts';

// Three projects: the main process (plain Node), the service's tests again with `serve`'s light
// Fetch classes (test/helpers/light-fetch-setup.ts), and the renderer's components (jsdom).
// Browser end-to-end (Playwright), keychain (needs a D-Bus session) and Electron suites run
// separately from scripts/test-all.ts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [
            'test/renderer/**',
            'test/e2e/**',
            'test/keychain/**',
            'test/electron/**',
            'test/notify-bus/**',
            'node_modules/**',
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // The CLI tests run the bin, which runs the bundle: rebuilt first when older than the sources.
          globalSetup: ['test/helpers/cli-bundle.ts'],
        },
      },
      {
        test: {
          name: 'node-light-fetch',
          environment: 'node',
          include: ['test/service/**/*.test.ts'],
          setupFiles: ['test/helpers/light-fetch-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        // What ships: React's API served by Preact (vite.config.ts).
        resolve: { mainFields: ['module', 'jsnext:main', 'jsnext'], alias: reactAsPreact },
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/renderer/setup.ts'],
          // Run through vite, so the aliases reach the libraries that import React themselves.
          server: { deps: { inline: ['@testing-library/react', '@tanstack/react-query'] } },
          testTimeout: 30_000,
        },
      },
    ],
  },
});
