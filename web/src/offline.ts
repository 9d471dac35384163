/**
 * Registers the service worker (built by vite-plugin-pwa; web/vite.config.ts) in builds only, never
 * under `vite` dev. How a new build arrives is the service worker's own lifecycle: a new build's
 * worker installs in the background during a visit and waits while any page of the old build is open
 * (such a page keeps finding its own files, engine worker bundle included); once none is, the next
 * load is the new build.
 */

/** Set by web/vite.config.ts: true in builds, false under `vite` dev. */
declare const __SERVICE_WORKER__: boolean;

export function startOffline(): void {
  if (!__SERVICE_WORKER__ || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('./sw.js', { scope: './' }).catch((e: unknown) => console.warn('the service worker did not register:', e));
}
