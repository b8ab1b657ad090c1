import { TOAST_DURATION_MS } from '@polymath/shared';
import { act, render } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { forgetToasts, waitForToastTimers } from '../../test/toasts.ts';
import { ThemeProvider } from '../theme/theme-provider.tsx';
import { LazyToaster } from './lazy-toaster.tsx';
import { loadSonner, toast } from './toast.ts';

afterAll(waitForToastTimers);

function shownToasts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
}

/** What a person sees: toasts on screen (sonner keeps the ones past its limit in the page, hidden). */
function visibleTexts(): string[] {
  return shownToasts()
    .filter((t) => t.dataset.visible === 'true' && t.dataset.removed !== 'true')
    .map((t) => t.textContent ?? '');
}

describe('toasts (spec §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
    forgetToasts();
  });

  it('show at most 3 at once, the newest, and each lasts 4000 ms', async () => {
    render(
      <ThemeProvider>
        <LazyToaster />
      </ThemeProvider>,
    );
    // The toaster mounts once its library was asked for; loaded before the clock is faked.
    await act(() => loadSonner());
    await vi.waitFor(() => expect(document.querySelector('[data-sonner-toaster], section')).not.toBeNull());

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    for (const text of ['one', 'two', 'three', 'four', 'five']) toast(text);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shownToasts()).toHaveLength(5);
    expect(visibleTexts()).toEqual(['five', 'four', 'three']);

    await act(() => vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 1));
    expect(visibleTexts()).toEqual(['five', 'four', 'three']);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(visibleTexts()).toEqual([]);
    // Gone from the page once their exit has played.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(shownToasts()).toEqual([]);
  });
});
