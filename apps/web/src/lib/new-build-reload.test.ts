import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearReloadFlagOnceLoaded, RELOAD_FLAG, reloadForNewBuilds } from './new-build-reload.ts';

/** What Vite dispatches when a lazy chunk (or one it needs) fails to load. */
function chunkFails(): void {
  window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
}

/** A page's router whose first route is a lazy chunk that loads, or fails to. */
async function loadFirstRoute(loads: boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        lazy: async () => {
          if (!loads) throw new TypeError('Failed to fetch dynamically imported module');
          return { Component: () => null };
        },
      },
    ],
    { initialEntries: ['/'] },
  );
  clearReloadFlagOnceLoaded(window, router);
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  return router;
}

describe('reloading for a new build', () => {
  const stops: (() => void)[] = [];
  /** A page load: its listener, and a reload that counts instead of reloading. */
  function pageLoad(reload: () => void) {
    stops.push(reloadForNewBuilds(window, reload));
  }
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('reloads once for a failed chunk, and again for a later deploy once the reloaded app has loaded', async () => {
    const reload = vi.fn();
    pageLoad(reload);
    chunkFails();
    chunkFails();
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page: the new build's first route loads.
    for (const stop of stops.splice(0)) stop();
    pageLoad(reload);
    await loadFirstRoute(true);
    expect(window.sessionStorage.getItem(RELOAD_FLAG)).toBeNull();

    // A second deploy while the tab stays open.
    chunkFails();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload again when the reloaded page cannot load its first route either', async () => {
    const reload = vi.fn();
    pageLoad(reload);
    chunkFails();
    expect(reload).toHaveBeenCalledTimes(1);

    for (const stop of stops.splice(0)) stop();
    pageLoad(reload);
    const router = await loadFirstRoute(false);
    expect(router.state.errors).not.toBeNull();
    chunkFails();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
