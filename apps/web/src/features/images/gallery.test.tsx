import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userSignedIn, userSignedOut } from '../../lib/store/user-slice.ts';
import { mockApi } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { forgetToasts, waitForToastTimers } from '../../test/toasts.ts';
import { Gallery } from './gallery.tsx';
import { IMAGE_POLL_MS } from './images-api.ts';
import { FakeImagesServer, makeImage, settle } from './testing/fake-images-server.ts';

afterAll(waitForToastTimers);

let server: FakeImagesServer;
/** The IntersectionObservers the grid made, so a test can scroll its sentinel into view. */
let observers: { callback: IntersectionObserverCallback; elements: Element[]; disconnected: boolean }[];

beforeEach(() => {
  server = new FakeImagesServer();
  mockApi(server.handler);
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [], disconnected: false };
        observers.push(this.entry);
      }
      observe(element: Element) {
        this.entry.elements.push(element);
      }
      unobserve() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
});

afterEach(() => {
  forgetToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup({ path = '/gallery', user = TEST_PROFILE as typeof TEST_PROFILE | null } = {}) {
  return renderWithApp(
    <>
      <Gallery />
      <Toaster />
    </>,
    { user, path },
  );
}

/** The gallery only while the address is `path` (another page unmounts it, as the router would). */
function GalleryOnlyAt({ path }: { path: string }) {
  const { pathname } = useLocation();
  return pathname === path ? <Gallery /> : null;
}

const tileIds = () => screen.queryAllByTestId('gallery-tile').map((tile) => tile.getAttribute('data-image-id'));
const listRequests = () => server.requestsTo('GET', '/api/images');

function scrollToEnd() {
  const live = observers.filter((o) => !o.disconnected && o.elements.length > 0);
  const observer = live.at(-1);
  if (!observer) throw new Error('no sentinel is observed');
  act(() => {
    observer.callback(
      observer.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    );
  });
}

describe('Gallery', () => {
  it('shows the images newest first as square thumbnails, then the next keyset page on scroll and on "Load more"', async () => {
    server.images = Array.from({ length: 7 }, (_, i) => makeImage({ id: `g${i}` }));
    setup();
    await waitFor(() => expect(tileIds()).toEqual(['g6', 'g5', 'g4']));
    const first = screen.getAllByTestId('gallery-tile')[0] as HTMLElement;
    const img = first.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/api/images/g6/file?variant=thumb');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.className).toContain('object-cover');
    expect(first.className).toContain('aspect-square');

    scrollToEnd();
    await waitFor(() => expect(tileIds()).toEqual(['g6', 'g5', 'g4', 'g3', 'g2', 'g1']));
    expect(listRequests().map((r) => r.url.searchParams.get('cursor'))).toEqual([null, '3']);

    fireEvent.click(screen.getByTestId('gallery-load-more'));
    await waitFor(() => expect(tileIds()).toHaveLength(7));
    expect(screen.queryByTestId('gallery-load-more')).toBeNull();
    expect(listRequests().map((r) => r.url.searchParams.get('cursor'))).toEqual([null, '3', '6']);
  });

  it('filters by tool through ?tool= and says when a tool has made nothing yet', async () => {
    server.images = [
      makeImage({ id: 'gen1', toolId: 'image-generator' }),
      makeImage({ id: 'logo1', toolId: 'logo-maker' }),
      makeImage({ id: 'gen2', toolId: 'image-generator' }),
    ];
    const { router } = setup();
    await waitFor(() => expect(tileIds()).toEqual(['gen2', 'logo1', 'gen1']));
    const filter = screen.getByTestId('gallery-filter');
    expect(
      within(filter)
        .getAllByRole('radio')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Image Generator', 'Logo Maker', 'Tattoo Generator', 'Photo Translate']);

    fireEvent.click(screen.getByTestId('gallery-filter-logo-maker'));
    await waitFor(() => expect(tileIds()).toEqual(['logo1']));
    expect(router.state.location.search).toBe('?tool=logo-maker');
    expect(listRequests().at(-1)?.url.searchParams.get('toolId')).toBe('logo-maker');
    expect(screen.getByTestId('gallery-filter-logo-maker').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByTestId('gallery-filter-tattoo-generator'));
    const empty = await screen.findByTestId('gallery-empty-filtered');
    expect(empty.textContent).toContain('No images from Tattoo Generator yet');
    fireEvent.click(within(empty).getByText('Show all images'));
    await waitFor(() => expect(tileIds()).toEqual(['gen2', 'logo1', 'gen1']));
    expect(router.state.location.search).toBe('');
  });

  it('opens filtered by the tool named in the address', async () => {
    server.images = [makeImage({ id: 'gen1' }), makeImage({ id: 'tat1', toolId: 'tattoo-generator' })];
    setup({ path: '/gallery?tool=tattoo-generator' });
    await waitFor(() => expect(tileIds()).toEqual(['tat1']));
    expect(listRequests()[0]?.url.searchParams.get('toolId')).toBe('tattoo-generator');
  });

  it('shows an image still being made with its status and follows it until it is ready, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = makeImage({ id: 'p1', status: 'queued' });
    server.images = [makeImage({ id: 'r1' }), pending];
    setup();
    const tile = await screen.findByText('Queued');
    expect(tile.closest('[data-testid="gallery-tile"]')?.getAttribute('data-status')).toBe('queued');

    settle(pending, 'generating');
    await act(() => vi.advanceTimersByTimeAsync(IMAGE_POLL_MS));
    await screen.findByText('Generating…');

    settle(pending, 'ready');
    await act(() => vi.advanceTimersByTimeAsync(IMAGE_POLL_MS));
    await waitFor(() =>
      expect(document.querySelector('[data-image-id="p1"]')?.getAttribute('data-status')).toBe('ready'),
    );
    expect(document.querySelector('[data-image-id="p1"] img')?.getAttribute('src')).toBe(
      '/api/images/p1/file?variant=thumb',
    );
    const polls = server.requestsTo('GET', '/api/images/p1').length;
    expect(polls).toBeGreaterThanOrEqual(2);
    await act(() => vi.advanceTimersByTimeAsync(IMAGE_POLL_MS * 3));
    expect(server.requestsTo('GET', '/api/images/p1')).toHaveLength(polls);
  });

  it('leads an empty gallery to the tools that make images', async () => {
    setup();
    const empty = await screen.findByTestId('gallery-empty');
    expect(empty.textContent).toContain('No images yet');
    const links = within(empty)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Image Generator', '/image-generator'],
      ['Logo Maker', '/logo-maker'],
      ['Tattoo Generator', '/tattoo-generator'],
    ]);
  });

  it('says when the images cannot be loaded and tries again', async () => {
    server.failLists = true;
    server.images = [makeImage({ id: 'x1' })];
    setup();
    const error = await screen.findByTestId('gallery-error');
    expect(error.textContent).toContain('Your images could not be loaded.');
    server.failLists = false;
    fireEvent.click(screen.getByTestId('gallery-retry'));
    await waitFor(() => expect(tileIds()).toEqual(['x1']));
  });

  it('asks a signed-out visitor to sign in and requests nothing', async () => {
    server.session = null;
    const { store } = setup({ user: null });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gallery');
    expect(screen.getByTestId('gallery-signed-out').textContent).toContain('Sign in to see the images you made.');
    fireEvent.click(screen.getByTestId('gallery-sign-in'));
    expect(store.getState().dialogs.authDialog).toEqual({ isOpen: true, step: 'signIn' });
    await act(() => Promise.resolve());
    expect(server.requests).toHaveLength(0);
  });

  it("never shows one person's images to the next person signed in on the same browser", async () => {
    server.images = [makeImage({ id: 'ada1', owner: 'u1' }), makeImage({ id: 'bob1', owner: 'u2' })];
    const { store } = setup();
    await waitFor(() => expect(tileIds()).toEqual(['ada1']));

    server.session = null;
    act(() => {
      store.dispatch(userSignedOut());
    });
    expect(tileIds()).toEqual([]);
    expect(screen.getByTestId('gallery-signed-out')).toBeTruthy();

    server.session = 'u2';
    act(() => {
      store.dispatch(userSignedIn({ user: { ...TEST_PROFILE, id: 'u2', email: 'bob@example.com' }, token: null }));
    });
    // Nothing of the previous person's, not even for a moment before the new list arrives.
    expect(tileIds()).toEqual([]);
    await waitFor(() => expect(tileIds()).toEqual(['bob1']));
    expect(document.querySelector('[data-image-id="ada1"]')).toBeNull();
  });

  it('keeps the cache apart per person even when they change while the gallery is closed', async () => {
    server.images = [makeImage({ id: 'ada1', owner: 'u1' }), makeImage({ id: 'bob1', owner: 'u2' })];
    const { store, router } = renderWithApp(<GalleryOnlyAt path="/gallery" />, { path: '/gallery' });
    await waitFor(() => expect(tileIds()).toEqual(['ada1']));
    await act(() => router.navigate('/settings'));
    expect(tileIds()).toEqual([]);

    // Signed out and back in as someone else on another page, within the cache's lifetime.
    server.session = 'u2';
    act(() => {
      store.dispatch(userSignedOut());
      store.dispatch(userSignedIn({ user: { ...TEST_PROFILE, id: 'u2', email: 'bob@example.com' }, token: null }));
    });
    await act(() => router.navigate('/gallery'));
    expect(tileIds()).not.toContain('ada1');
    await waitFor(() => expect(tileIds()).toEqual(['bob1']));
  });

  it('opens ?image=<id> in the lightbox even when that image is not in the pages loaded', async () => {
    server.images = [
      makeImage({ id: 'old1', prompt: 'An old harbour' }),
      ...Array.from({ length: 4 }, (_, i) => makeImage({ id: `n${i}` })),
    ];
    setup({ path: '/gallery?image=old1' });
    const lightbox = await screen.findByTestId('image-lightbox');
    await waitFor(() => expect(within(lightbox).getByTestId('lightbox-prompt').textContent).toBe('An old harbour'));
    expect(server.requestsTo('GET', '/api/images/old1')).toHaveLength(1);
    // Not in the loaded list: no previous/next, no position.
    expect(within(lightbox).queryByTestId('lightbox-next')).toBeNull();
    expect(within(lightbox).queryByTestId('lightbox-position')).toBeNull();
  });

  it('says so when ?image=<id> names an image that is gone (or was never this person’s)', async () => {
    server.images = [makeImage({ id: 'mine' }), makeImage({ id: 'theirs', owner: 'u2' })];
    setup({ path: '/gallery?image=theirs' });
    const missing = await screen.findByTestId('lightbox-missing');
    expect(missing.textContent).toContain('This image was deleted or does not exist.');
    expect(document.querySelector('[data-testid="lightbox-image"]')).toBeNull();
  });
});
