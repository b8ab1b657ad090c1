import type { PageView } from '@polymath/shared';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageViews } from './use-page-views.ts';

const sent = vi.hoisted(() => [] as PageView[]);
vi.mock('./send-page-view.ts', () => ({ sendPageView: (view: PageView) => sent.push(view) }));
vi.mock('../../lib/theme/theme-provider.tsx', () => ({ useTheme: () => ({ theme: 'dark' }) }));

function Tracked() {
  usePageViews();
  return null;
}

describe('usePageViews', () => {
  beforeEach(() => {
    sent.length = 0;
    window.dataLayer = [];
  });
  afterEach(() => {
    delete window.dataLayer;
  });

  it("records a shared chat's page as /share/*, never its id, in our page views and the tag manager's page_path", async () => {
    const router = createMemoryRouter([{ path: '*', element: <Tracked /> }], {
      initialEntries: ['/share/Zk3pQ9xV2mWbT7sLcR4yHn'],
    });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/web-main/thread-1'));
    await act(() => router.navigate('/share/Zk3pQ9xV2mWbT7sLcR4yHn/'));

    expect(sent.map((v) => v.path)).toEqual(['/share/*', '/web-main/thread-1', '/share/*']);
    expect(sent[0]).toMatchObject({ locale: 'en', theme: 'dark' });
    expect(window.dataLayer).toEqual([
      { event: 'page_view', page_path: '/share/*' },
      { event: 'page_view', page_path: '/web-main/thread-1' },
      { event: 'page_view', page_path: '/share/*' },
    ]);
    expect(JSON.stringify([sent, window.dataLayer])).not.toContain('Zk3pQ9xV2mWbT7sLcR4yHn');
  });
});
