import type { PageView } from '@polymath/shared';

const pending: PageView[] = [];
let scheduled = false;

function post(view: PageView): void {
  void fetch('/api/analytics/page-views', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(view),
    keepalive: true,
  }).catch(() => {
    // Analytics must never disturb the user.
  });
}

function flush(): void {
  scheduled = false;
  for (const view of pending.splice(0)) post(view);
}

/**
 * Page views go out when the browser is next idle (at most 2 s later), not in the middle of a load:
 * on a slow phone network the first screen's own requests and paint come first (B8: the beacon sent
 * during the first render was the last request before the largest paint). A page left before then
 * still sends its views (pagehide, with keepalive).
 */
export function sendPageView(view: PageView): void {
  pending.push(view);
  if (scheduled) return;
  scheduled = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(flush, { timeout: 2000 });
  else setTimeout(flush, 0);
}

// Only the browser loads this module (the root route's usePageViews).
window.addEventListener('pagehide', flush);
