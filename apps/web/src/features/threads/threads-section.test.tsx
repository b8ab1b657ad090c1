import type { Thread } from '@polymath/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ImageIcon, MessageSquare } from 'lucide-react';
import { http } from 'msw';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { forgetToasts, waitForToastTimers } from '../../test/toasts.ts';
import type { ThreadTool } from './thread-row.tsx';
import { ThreadsSection } from './threads-section.tsx';

afterAll(waitForToastTimers);

const TOOLS: ThreadTool[] = [
  { id: 'web-main', label: 'AI Chat', icon: MessageSquare },
  { id: 'image-generator', label: 'Image Generator', icon: ImageIcon },
];

const NOW = Date.parse('2026-03-15T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PAGE = 3;

const user = TEST_PROFILE;

const thread = (id: string, title: string, ago: number, starred = false): Thread => ({
  id,
  title,
  starred,
  modelId: 'gpt-4o-mini',
  toolId: 'web-main',
  pathId: null,
  createdAt: new Date(NOW - ago - HOUR).toISOString(),
  updatedAt: new Date(NOW - ago).toISOString(),
});

/** A small in-memory /api/threads with the server's rules: newest first, keyset pages, soft delete. */
class FakeServer {
  threads: (Thread & { deleted?: boolean })[] = [];
  requests: { method: string; url: URL; body?: unknown }[] = [];
  failLists = false;

  list(url: URL) {
    const q = url.searchParams.get('q')?.toLowerCase();
    const rows = this.threads
      .filter((t) => !t.deleted)
      .filter((t) => url.searchParams.get('starred') !== 'true' || t.starred)
      .filter((t) => !q || t.title.toLowerCase().includes(q))
      .filter((t) => !url.searchParams.get('toolId') || t.toolId === url.searchParams.get('toolId'))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const page = rows.slice(start, start + PAGE);
    return {
      threads: page.map(({ deleted: _d, ...t }) => t),
      nextCursor: start + PAGE < rows.length ? String(start + PAGE) : null,
    };
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = request.method === 'PATCH' ? await request.json() : undefined;
    this.requests.push({ method: request.method, url, body });
    const json = (status: number, data?: unknown) =>
      new Response(data === undefined ? null : JSON.stringify(data), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (url.pathname === '/api/threads' && request.method === 'GET') {
      return this.failLists
        ? json(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } })
        : json(200, this.list(url));
    }
    const [, , , id, action] = url.pathname.split('/');
    const found = this.threads.find((t) => t.id === id);
    if (!found) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    if (request.method === 'PATCH') {
      const patch = body as { title?: string; starred?: boolean };
      if (patch.title !== undefined && patch.title.length > 50) {
        return json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            details: { fields: [{ path: 'title', message: 'Title must be at most 50 characters long' }] },
          },
        });
      }
      Object.assign(found, patch);
    } else if (request.method === 'DELETE') {
      found.deleted = true;
      return new Response(null, { status: 204 });
    } else if (action === 'restore') {
      found.deleted = false;
    }
    const { deleted: _d, ...clean } = found;
    return json(200, clean);
  }
}

let server: FakeServer;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  server = new FakeServer();
  mockApi(http.all(/\/api\/threads(\/|$|\?)/, ({ request }) => server.handle(request)));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  forgetToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup({ signedIn = true, path = '/web-main' } = {}) {
  return renderWithApp(
    <>
      <ThreadsSection tools={TOOLS} />
      <Toaster />
    </>,
    { user: signedIn ? user : null, path },
  );
}

const items = () => screen.queryAllByTestId('history-item');
const titles = (root: HTMLElement = document.body) =>
  within(root)
    .queryAllByTestId('history-item')
    .map((li) => li.querySelector('a > span')?.textContent);

function openMenu(item: HTMLElement) {
  fireEvent.keyDown(within(item).getByTestId('history-item-menu'), { key: 'Enter' });
}

const listRequests = () => server.requests.filter((r) => r.method === 'GET');

describe('ThreadsSection', () => {
  it('asks a signed-out visitor to sign in and makes no request', async () => {
    setup({ signedIn: false });
    expect(screen.getByTestId('history-signed-out').textContent).toContain('Sign in to keep your chats');
    await act(() => Promise.resolve());
    expect(server.requests).toHaveLength(0);
  });

  it('groups chats by day, links them and marks the open one', async () => {
    server.threads = [
      thread('t1', 'Today chat', HOUR),
      thread('t2', 'Yesterday chat', DAY),
      thread('t3', 'Old chat', 90 * DAY),
    ];
    setup({ path: '/web-main/t2' });
    expect(await screen.findByTestId('history-group-today')).toBeTruthy();
    expect(screen.getByTestId('history-group-today').querySelector('h3')?.textContent).toBe('Today');
    expect(titles(screen.getByTestId('history-group-previous7'))).toEqual(['Yesterday chat']);
    expect(titles(screen.getByTestId('history-group-other'))).toEqual(['Old chat']);
    expect(screen.queryByTestId('history-group-lastMonth')).toBeNull();
    const active = items().find((li) => li.dataset.threadId === 't2');
    expect(active?.querySelector('a')?.getAttribute('href')).toBe('/web-main/t2');
    expect(active?.querySelector('a')?.getAttribute('aria-current')).toBe('page');
    expect(items()[0]?.querySelector('a')?.hasAttribute('aria-current')).toBe(false);
  });

  it("shows each chat's tool, opens it on its tool's page, and filters the list by tool", async () => {
    server.threads = [
      thread('t1', 'A chat', HOUR),
      { ...thread('t2', 'A fox picture', 2 * HOUR), toolId: 'image-generator' },
    ];
    setup({ path: '/image-generator/t2' });
    await screen.findAllByTestId('history-item');
    const fox = items().find((li) => li.dataset.threadId === 't2');
    expect(fox?.querySelector('a')?.getAttribute('href')).toBe('/image-generator/t2');
    expect(fox?.querySelector('a')?.getAttribute('aria-current')).toBe('page');
    expect(
      within(fox as HTMLElement)
        .getByTestId('history-item-tool')
        .getAttribute('aria-label'),
    ).toBe('Image Generator');
    fireEvent.change(screen.getByTestId('history-tool-filter'), { target: { value: 'image-generator' } });
    await waitFor(() => expect(titles()).toEqual(['A fox picture']));
    expect(listRequests().at(-1)?.url.searchParams.get('toolId')).toBe('image-generator');
    fireEvent.change(screen.getByTestId('history-tool-filter'), { target: { value: '' } });
    await waitFor(() => expect(titles()).toEqual(['A chat', 'A fox picture']));
  });

  it('shows the empty state, and an error with a retry', async () => {
    server.failLists = true;
    setup();
    fireEvent.click(await screen.findByTestId('history-retry'));
    server.failLists = false;
    expect((await screen.findByTestId('history-empty')).textContent).toContain('No chats yet');
  });

  it('loads the next page with the cursor', async () => {
    server.threads = Array.from({ length: 5 }, (_, i) => thread(`t${i}`, `Chat ${i}`, (i + 1) * HOUR));
    setup();
    await screen.findAllByTestId('history-item');
    expect(items()).toHaveLength(3);
    fireEvent.click(screen.getByTestId('history-load-more'));
    await waitFor(() => expect(items()).toHaveLength(5));
    expect(listRequests().at(-1)?.url.searchParams.get('cursor')).toBe('3');
    expect(screen.queryByTestId('history-load-more')).toBeNull();
  });

  it('searches after a pause, replaces the groups, and Escape clears', async () => {
    server.threads = [thread('t1', 'Pasta recipe', HOUR), thread('t2', 'Tax forms', DAY)];
    setup();
    await screen.findAllByTestId('history-item');
    const search = screen.getByTestId('history-search');
    fireEvent.change(search, { target: { value: 'pasta' } });
    await waitFor(() => expect(titles()).toEqual(['Pasta recipe']));
    expect(screen.queryByTestId('history-group-today')).toBeNull();
    expect(listRequests().filter((r) => r.url.searchParams.get('q') === 'pasta')).toHaveLength(1);

    fireEvent.change(search, { target: { value: 'zebra' } });
    expect((await screen.findByTestId('history-empty')).textContent).toBe('No chats match “zebra”');

    fireEvent.keyDown(search, { key: 'Escape' });
    expect((search as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(titles()).toEqual(['Pasta recipe', 'Tax forms']));
  });

  it('renames inline with the 50-character rule checked before sending', async () => {
    server.threads = [thread('t1', 'First', HOUR)];
    setup();
    const [item] = await screen.findAllByTestId('history-item');
    if (!item) throw new Error('no row');
    openMenu(item);
    fireEvent.click(await screen.findByTestId('history-rename'));
    const input = (await screen.findByTestId('history-rename-input')) as HTMLInputElement;
    expect(input.value).toBe('First');
    fireEvent.change(input, { target: { value: 'x'.repeat(51) } });
    expect(screen.getByRole('alert').textContent).toBe('Title must be at most 50 characters long');
    fireEvent.submit(input);
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);

    fireEvent.change(input, { target: { value: '  Renamed chat ' } });
    fireEvent.submit(input);
    await waitFor(() => expect(titles()).toEqual(['Renamed chat']));
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ title: 'Renamed chat' });
  });

  it('shows the server message when it refuses a title', async () => {
    server.threads = [thread('t1', 'First', HOUR)];
    setup();
    const [item] = await screen.findAllByTestId('history-item');
    if (!item) throw new Error('no row');
    openMenu(item);
    fireEvent.click(await screen.findByTestId('history-rename'));
    const input = await screen.findByTestId('history-rename-input');
    // The server may refuse what the client let through; its message is shown the same way.
    vi.spyOn(server, 'handle').mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Some fields are not valid.',
              details: { fields: [{ path: 'title', message: 'Title must be at most 50 characters long' }] },
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    fireEvent.change(input, { target: { value: 'Fine title' } });
    fireEvent.submit(input);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Title must be at most 50 characters long'));
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('history-rename-input')).toBeNull());
    expect(titles()).toEqual(['First']);
  });

  it('moves a starred chat into the starred tab at once', async () => {
    server.threads = [thread('t1', 'Keep me', HOUR), thread('t2', 'Other', 2 * HOUR)];
    setup();
    fireEvent.mouseDown(screen.getByTestId('history-tab-starred'), { button: 0 });
    expect((await screen.findByTestId('history-empty')).textContent).toContain('No starred chats');
    fireEvent.mouseDown(screen.getByTestId('history-tab-all'), { button: 0 });
    const item = (await screen.findAllByTestId('history-item')).find((li) => li.dataset.threadId === 't1');
    if (!item) throw new Error('no row');
    openMenu(item);
    fireEvent.click(await screen.findByTestId('history-star'));
    fireEvent.mouseDown(screen.getByTestId('history-tab-starred'), { button: 0 });
    expect(titles()).toEqual(['Keep me']);
    expect(items()[0]?.querySelector('a')?.textContent).toBe('Keep meStarred');
    await waitFor(() => expect(server.threads[0]?.starred).toBe(true));
  });

  it('deletes at once, leaves the open chat, and Undo brings it back', async () => {
    server.threads = [thread('t1', 'Doomed', HOUR), thread('t2', 'Stays', 2 * HOUR)];
    const { router } = setup({ path: '/web-main/t1' });
    const item = (await screen.findAllByTestId('history-item')).find((li) => li.dataset.threadId === 't1');
    if (!item) throw new Error('no row');
    openMenu(item);
    fireEvent.click(await screen.findByTestId('history-delete'));
    expect(titles()).toEqual(['Stays']);
    expect(router.state.location.pathname).toBe('/web-main');
    expect(await screen.findByText('Chat deleted')).toBeTruthy();
    await waitFor(() => expect(server.threads[0]?.deleted).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(titles()).toEqual(['Doomed', 'Stays']));
    expect(server.threads[0]?.deleted).toBe(false);
  });

  it('puts the row back and says so when the server refuses the delete', async () => {
    server.threads = [thread('t1', 'Kept', HOUR)];
    setup();
    const [item] = await screen.findAllByTestId('history-item');
    if (!item) throw new Error('no row');
    vi.spyOn(server, 'handle').mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'x' } }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
    );
    openMenu(item);
    fireEvent.click(await screen.findByTestId('history-delete'));
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    expect(titles()).toEqual(['Kept']);
    await waitFor(() => {
      const toast = screen.queryByText('Chat deleted')?.closest('[data-sonner-toast]');
      expect(toast == null || toast.getAttribute('data-removed') === 'true').toBe(true);
    });
  });
});
