import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vite';

// The player: `web/` is the app's root; the engine comes unchanged from `../src`.
export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
  server: { fs: { allow: ['..'] } },
  preview: { port: 4173 },
  // Whether the page registers the service worker (web/src/offline.ts): in builds, never under `vite` dev.
  define: { __SERVICE_WORKER__: JSON.stringify(command === 'build') },
  plugins: [
    // Installable and offline: a web app manifest, and a service worker (Workbox) that precaches the
    // whole build (page, scripts, styles, the engine worker's bundle, icons, manifest) and serves it
    // with the network off. Its precache list carries each file's hash, so a new build's service
    // worker replaces the old cache. It waits while a page of the old build is open (no skipWaiting: an
    // open page must keep finding its own engine worker bundle), then takes over (web/src/offline.ts).
    // The first one takes the page that installed it at once (clientsClaim), so that page works offline.
    VitePWA({
      // Registered by web/src/offline.ts, in production builds only: `vite` dev has no service worker.
      injectRegister: false,
      registerType: 'prompt',
      // The precache list is globPatterns' files, each once (the plugin adds the manifest itself).
      includeManifestIcons: false,
      manifest: {
        name: 'proofgrid — certified puzzles',
        short_name: 'proofgrid',
        description: 'Nonogram, Numberlink and edge-matching puzzles proven to have one solution, with measured difficulty.',
        id: './',
        start_url: './',
        scope: './',
        display: 'standalone',
        // The style's light theme (web/src/style.css --bg); index.html gives the dark one to browsers.
        background_color: '#f7f7f4',
        theme_color: '#f7f7f4',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{html,js,css,svg,png}'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        navigateFallback: 'index.html',
        // Workbox's minified service worker whatever NODE_ENV says (vitest's is `test`).
        mode: 'production',
      },
    }),
  ],
}));
