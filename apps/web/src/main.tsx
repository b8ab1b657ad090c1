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

const container = document.getElementById('root');
if (container) {
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
