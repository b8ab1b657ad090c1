/** Set while a reload for a new build is under way; cleared once the reloaded app has loaded. */
export const RELOAD_FLAG = 'reloaded-after-deploy';

/** What this needs of the app's router: whether its first route has loaded, and without an error. */
type LoadingRouter = {
  state: { initialized: boolean; errors: unknown };
  subscribe(listener: (state: { initialized: boolean; errors: unknown }) => void): () => void;
};

/**
 * A lazy chunk that no longer exists (a deploy replaced it) fails to load: the page reloads for the
 * new build. Only once per load, so a chunk the new build lacks too cannot reload the page forever;
 * clearReloadFlagOnceLoaded lets a later deploy in the same tab reload it again.
 */
export function reloadForNewBuilds(win: Window, reload: () => void = () => win.location.reload()): () => void {
  const onPreloadError = () => {
    if (readFlag(win)) return;
    writeFlag(win, true);
    reload();
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  return () => win.removeEventListener('vite:preloadError', onPreloadError);
}

/** Clears the reload flag once the app has loaded its first route without an error. */
export function clearReloadFlagOnceLoaded(win: Window, router: LoadingRouter): void {
  const loaded = (state: LoadingRouter['state']) => state.initialized && !state.errors;
  if (loaded(router.state)) {
    writeFlag(win, false);
    return;
  }
  const stop = router.subscribe((state) => {
    if (!loaded(state)) return;
    writeFlag(win, false);
    stop();
  });
}

function readFlag(win: Window): boolean {
  try {
    return win.sessionStorage.getItem(RELOAD_FLAG) !== null;
  } catch {
    // Storage blocked: reloading could not be limited, so it is not done (the route's error page offers it).
    return true;
  }
}

function writeFlag(win: Window, on: boolean): void {
  try {
    if (on) win.sessionStorage.setItem(RELOAD_FLAG, '1');
    else win.sessionStorage.removeItem(RELOAD_FLAG);
  } catch {
    // Storage blocked: readFlag already refuses to reload.
  }
}
