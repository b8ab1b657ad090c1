import type { PageView } from '@polymath/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendPageView } from './send-page-view.ts';

const view = (path: string): PageView => ({ path, locale: 'en', theme: 'light' });
const sentPaths = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body)).path]);

describe('sendPageView', () => {
  let fetch: ReturnType<typeof vi.fn>;
  let idle: (() => void)[];
  beforeEach(() => {
    fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    idle = [];
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  });
  afterEach(() => {
    window.dispatchEvent(new Event('pagehide'));
    vi.unstubAllGlobals();
  });

  it('sends nothing during the load, then every view in order when the browser is idle', () => {
    sendPageView(view('/web-main'));
    sendPageView(view('/gallery'));
    expect(fetch).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);

    idle[0]?.();
    expect(sentPaths(fetch)).toEqual([
      ['/api/analytics/page-views', '/web-main'],
      ['/api/analytics/page-views', '/gallery'],
    ]);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true });
  });

  it('a page left before the browser was idle still sends its views, once', () => {
    sendPageView(view('/payment'));
    window.dispatchEvent(new Event('pagehide'));
    expect(sentPaths(fetch)).toEqual([['/api/analytics/page-views', '/payment']]);
    idle[0]?.();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
