import {
  type Credits,
  fillPeopleResearchTemplate,
  type ModelsResponse,
  type PublicConfig,
  type ThreadDetail,
} from '@polymath/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, recordRequests } from '../../../test/api-server.ts';
import { createTestStore } from '../../../test/test-store.ts';
import { Component as WebSearchPage } from './tool.tsx';

// jsdom has no layout, so no scrollTo (the chat scrolls to a new message); every browser has it.
Element.prototype.scrollTo ??= () => {};

const model: ModelsResponse['models'][number] = {
  id: 'gpt-4o-mini',
  provider: 'openai',
  providerLabel: 'OpenAI',
  displayName: 'GPT-4o mini',
  description: 'Fast',
  examples: [],
  capabilities: { vision: false, reasoning: false },
  tier: 'free',
  available: true,
  demo: false,
};
const credits: Credits = { plan: 'free', dailyLimit: 10, used: 1, remaining: 9, resetsAt: '2030-01-01T00:00:00.000Z' };

function mockServer(webSearch: boolean, thread?: ThreadDetail) {
  const config: PublicConfig = { appVersion: 7, gtmId: null, adPixelId: null, authProviders: [], webSearch };
  mockApi(
    http.get('/api/config', () => HttpResponse.json(config)),
    http.get('/api/models', () => HttpResponse.json({ models: [model], defaultModelId: model.id })),
    http.get('/api/credits', () => HttpResponse.json(credits)),
    ...(thread ? [http.get(`/api/threads/${thread.thread.id}`, () => HttpResponse.json(thread))] : []),
  );
}

function renderPage(path = '/web-search') {
  const store = createTestStore();
  const router = createMemoryRouter([{ path: '/web-search/:threadId?', element: <WebSearchPage /> }], {
    initialEntries: [path],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

const source = (n: number, extra: Record<string, unknown> = {}) => ({
  n,
  url: `https://news${n}.example/story-${n}`,
  title: `Story number ${n}`,
  siteName: `News ${n}`,
  snippet: 'A snippet.',
  ...extra,
});

const storedThread: ThreadDetail = {
  thread: {
    id: 't1',
    title: 'Istanbul summit',
    starred: false,
    modelId: model.id,
    toolId: 'web-search',
    pathId: null,
    createdAt: '2025-03-15T10:00:00.000Z',
    updatedAt: '2025-03-15T10:00:00.000Z',
  },
  messages: [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What happened at the Istanbul summit?' }] },
    {
      id: 'a1',
      role: 'assistant',
      metadata: { modelId: model.id, status: 'complete', createdAt: '2025-03-15T10:00:01.000Z' },
      parts: [
        {
          type: 'tool-web_search',
          toolCallId: 'c1',
          state: 'output-available',
          input: { query: 'Istanbul summit' },
          output: {
            query: 'Istanbul summit',
            results: [source(1, { publishedAt: '2025-03-14T09:30:00.000Z' }), source(2)],
          },
        },
        {
          type: 'text',
          text: 'Leaders met on Friday [1] and signed a deal [2]. More at [my blog](https://invented.example/) [7].',
        },
      ],
    },
    { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Read more about it' }] },
    {
      // Stopped while a page was being read: no progress is left spinning on it.
      id: 'a2',
      role: 'assistant',
      metadata: { modelId: model.id, status: 'stopped', createdAt: '2025-03-15T10:01:00.000Z' },
      parts: [
        {
          type: 'tool-open_page',
          toolCallId: 'c2',
          state: 'input-available',
          input: { url: 'https://news1.example/story-1' },
        },
      ],
    },
  ],
  olderCursor: null,
  activeAnswerId: null,
  toolInput: null,
};

describe('/web-search', () => {
  it('without a search service, says web search is not set up, names the three settings and sends nothing', async () => {
    mockServer(false);
    const sent = recordRequests();
    renderPage();
    const notice = await screen.findByTestId('web-search-not-set-up');
    expect(within(notice).getByRole('heading', { name: 'Web search is not set up' })).toBeTruthy();
    expect(
      within(notice)
        .getAllByTestId('web-search-setting')
        .map((el) => el.textContent),
    ).toEqual(['TAVILY_API_KEY', 'BRAVE_SEARCH_API_KEY', 'SEARXNG_URL']);
    expect(screen.queryByTestId('people-research-toggle')).toBeNull();
    const input = screen.getByLabelText('Message') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'Any news today?' } });
    expect((screen.getByTestId('send-message') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    await new Promise((r) => setTimeout(r, 50));
    expect(sent.filter((r) => r.path === '/api/chat')).toEqual([]);
    expect(input.value).toBe('Any news today?');
  });

  it('says it in Turkish too', async () => {
    await i18next.changeLanguage('tr');
    mockServer(false);
    renderPage();
    const notice = await screen.findByTestId('web-search-not-set-up');
    expect(within(notice).getByRole('heading', { name: 'Web araması kurulu değil' })).toBeTruthy();
  });

  it('shows a stored answer with its citations linked to the result pages and the sources as cards', async () => {
    mockServer(true, storedThread);
    renderPage('/web-search/t1');
    const answer = (await screen.findAllByTestId('chat-message')).find((m) => m.dataset.messageId === 'a1');
    if (!answer) throw new Error('no answer');
    const citations = await within(answer).findAllByTestId('citation');
    expect(citations.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['1', 'https://news1.example/story-1', '_blank'],
      ['2', 'https://news2.example/story-2', '_blank'],
    ]);
    expect(citations[0]?.getAttribute('rel')).toContain('noopener');
    expect(citations[0]?.getAttribute('aria-label')).toBe('Source 1 (opens in a new tab)');
    // The invented link is not a link; the made-up [7] is gone.
    expect(within(answer).queryByRole('link', { name: 'my blog' })).toBeNull();
    expect(answer.textContent).not.toContain('[7]');
    expect(
      within(answer)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      'https://news1.example/story-1',
      'https://news2.example/story-2',
      'https://news1.example/story-1',
      'https://news2.example/story-2',
    ]);

    const cards = within(answer).getAllByTestId('source-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([
      'https://news1.example/story-1',
      'https://news2.example/story-2',
    ]);
    expect(within(cards[0] as HTMLElement).getByTestId('source-title').textContent).toBe('Story number 1');
    expect(within(cards[0] as HTMLElement).getByTestId('source-site').textContent).toBe('News 1 · Mar 14, 2025');
    expect(within(cards[1] as HTMLElement).getByTestId('source-site').textContent).toBe('News 2');
    expect(cards[0]?.getAttribute('target')).toBe('_blank');
    // Nothing runs: no progress, not even on the answer that was stopped mid-read.
    expect(screen.queryByTestId('web-search-progress')).toBeNull();
  });

  it('runs a people-research template as the next message, once a name is given', async () => {
    mockServer(true);
    const sent = recordRequests();
    mockApi(http.post('/api/chat', () => apiError(503, 'SERVICE_UNAVAILABLE')));
    renderPage();
    fireEvent.click(await screen.findByTestId('people-research-toggle'));
    const panel = screen.getByTestId('people-research-panel');
    fireEvent.click(within(panel).getByRole('radio', { name: 'Publications' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    expect(within(panel).getByRole('alert').textContent).toBe('This field is required');
    expect(sent.filter((r) => r.path === '/api/chat')).toEqual([]);

    fireEvent.change(within(panel).getByLabelText('Name'), { target: { value: 'Grace Hopper' } });
    fireEvent.change(within(panel).getByLabelText('Context (optional)'), { target: { value: 'US Navy' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(sent.filter((r) => r.path === '/api/chat' && r.body)).toHaveLength(1));
    const body = sent.find((r) => r.path === '/api/chat')?.body as {
      toolId: string;
      message: { parts: { type: string; text: string }[] };
    };
    expect(body.toolId).toBe('web-search');
    expect(body.message.parts).toEqual([
      {
        type: 'text',
        text: fillPeopleResearchTemplate('publications', 'en', { name: 'Grace Hopper', context: 'US Navy' }),
      },
    ]);
    expect(screen.queryByTestId('people-research-panel')).toBeNull();
  });

  it('offers filled people-research prompts among the starter examples', async () => {
    mockServer(true);
    renderPage();
    const example = fillPeopleResearchTemplate('background', 'en', {
      name: 'Satya Nadella',
      context: 'CEO of Microsoft',
    });
    fireEvent.click(await screen.findByRole('button', { name: example }));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(example);
  });
});
