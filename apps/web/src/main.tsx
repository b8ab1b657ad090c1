import './lib/no-eval.ts';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { prefillBootData } from './app/prefill-boot-data.ts';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n/i18n.ts';
import { clearReloadFlagOnceLoaded, reloadForNewBuilds } from './lib/new-build-reload.ts';
import { enforceAppVersion } from './lib/storage/app-version.ts';
import { createStore } from './lib/store/store.ts';

// Before anything reads storage: a different app_version wipes it (spec §4).
try {
  enforceAppVersion(window.localStorage);
} catch {
  // Storage blocked entirely; the app runs on defaults.
}
// A lazy chunk that no longer exists (a deploy replaced it) fails to load: reload for the new build.
reloadForNewBuilds(window);
/**
 * Start-up runs in steps with the browser in between (painting the placeholder, taking input), so no
 * step is one long task: on a phone the store and the router each take tens of milliseconds (B8:
 * total blocking time).
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

// The installable app's service worker (decision 031; the build writes /sw.js), registered once the
// page has loaded so its precaching never competes with the first screen. It takes over from the
// previous release as soon as it is installed; pages never come from its cache while the network
// answers. The browser's own call: workbox-window's wrapper would add 2 KB to the first load (B7).
// (This runs before the module's first await, so before the load event.)
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
}

/** The app: texts, store, router, then the first render. */
async function startApp(container: HTMLElement): Promise<void> {
  // A Turkish visitor's texts are their own chunk: the first render waits for them (English is bundled).
  await yieldToBrowser();
  await initI18n();
  await yieldToBrowser();
  const { store, persistor } = createStore();
  prefillBootData(store.dispatch);
  await yieldToBrowser();
  const router = createAppRouter();
  clearReloadFlagOnceLoaded(window, router);
  await yieldToBrowser();

  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of running
  // as one long task: the page takes input while it renders (B8: total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider store={store} persistor={persistor}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (container && document.querySelector('meta[name="app-shell"]')) {
  // The service worker served this build's shell because the page's load found no network: the
  // offline screen, not an app that would start without its data and session. Not awaited: its chunk
  // imports this one, which must finish evaluating first (a top-level await here would wait forever).
  void import('./app/offline-app.tsx').then((m) => m.startOfflineApp(container));
} else if (container) {
  await startApp(container);
}
