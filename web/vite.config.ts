import { defineConfig } from 'vite';

// The player: `web/` is the app's root; the engine comes unchanged from `../src`.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
  server: { fs: { allow: ['..'] } },
  preview: { port: 4173 },
});
