import { Workbox } from 'workbox-window';

/**
 * Registers the service worker the build wrote (vite-plugin-pwa, decision 031). It precaches the app
 * shell and the build's static files, and takes over from the previous release as soon as it is
 * installed (skipWaiting, clientsClaim): pages are never served from its cache while the network
 * answers, so a new release shows on the next load. A tab still running the old release that asks
 * for a chunk the new one removed reloads itself (lib/new-build-reload.ts).
 */
export function registerServiceWorker(): void {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.register().catch(() => {
    // No service worker (private mode, blocked): the app works as before, just not offline.
  });
}

