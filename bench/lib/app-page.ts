/**
 * The web app in Chromium as a signed-in person sees it (B9, B10): a browser context carrying the
 * session's cookies, and the probes the benches put in the page before it loads (long tasks, typing
 * latency).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import type { OurServer } from './server.ts';
import type { Session } from './session.ts';

/** A context with the session's cookies for our server's origin (a phone-sized or desktop window). */
export async function signedInContext(
  browser: Browser,
  server: OurServer,
  session: Session,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addCookies(
    session.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
    }),
  );
  await context.addInitScript(PROBES);
  return context;
}

/** What the probes collected since `window.__bench.reset()`. */
export type ProbeReadings = {
  /** Long tasks (the browser reports tasks over 50 ms): start and duration, ms. */
  longTasks: { start: number; duration: number }[];
  /** Per key pressed in a textarea: ms from the key event to the frame after it was handled. */
  keyLatencies: number[];
};

/**
 * Installed before any of the page's own scripts: a 'longtask' PerformanceObserver, and for each
 * keydown in a textarea the time from the event to the next frame (a rAF, then a task after it: when
 * the browser has painted the key's effect).
 */
export const PROBES = `(() => {
  const state = { longTasks: [], keyLatencies: [] };
  window.__bench = {
    reset() { state.longTasks = []; state.keyLatencies = []; },
    read() { return { longTasks: state.longTasks.slice(), keyLatencies: state.keyLatencies.slice() }; },
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  window.addEventListener('keydown', (event) => {
    if (!(event.target instanceof HTMLTextAreaElement)) return;
    const at = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => state.keyLatencies.push(performance.now() - at), 0));
  }, true);
})();`;

declare global {
  interface Window {
    __bench: { reset(): void; read(): ProbeReadings };
  }
}
