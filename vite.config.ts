// The renderer build used by headless mode (and served by the service at /): relative base so
// the same files work over http://127.0.0.1 and Electron's app://.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

const here = import.meta.dirname;

/**
 * React's API served by Preact (preact/compat): the same components, a tenth of React DOM's code
 * to fetch, compile and run before the window can draw (issue 36's first load). Exact names, so
 * @tanstack/react-query and @testing-library/react keep their own. The renderer's unit tests use
 * the same list (vitest.config.ts): what they test is what ships.
 */
export const reactAsPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig({
  root: resolve(here, 'src-renderer'),
  base: './',
  plugins: [react()],
  resolve: { alias: reactAsPreact },
  build: {
    outDir: resolve(here, 'out/renderer'),
    emptyOutDir: true,
    rollupOptions: { input: resolve(here, 'src-renderer/index.html') },
    chunkSizeWarningLimit: 1500,
    // Vite's own default, said here because electron-vite, which builds the desktop window from
    // this config, defaults the renderer to unminified: the desktop window would load about twice
    // the JavaScript before the dashboard draws (101 KB gzipped against 47).
    minify: true,
  },
});
