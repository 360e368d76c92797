// The renderer build used by headless mode (and served by the service at /): relative base so
// the same files work over http://127.0.0.1 and Electron's app://.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

const here = import.meta.dirname;

export default defineConfig({
  root: resolve(here, 'src-renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(here, 'out/renderer'),
    emptyOutDir: true,
    rollupOptions: { input: resolve(here, 'src-renderer/index.html') },
    chunkSizeWarningLimit: 1500,
  },
});
