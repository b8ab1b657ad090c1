import type { Credits, ModelsResponse } from '@polymath/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { FlaskConical } from 'lucide-react';
import { HttpResponse, http } from 'msw';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, recordRequests } from '../api-server.ts';
import { TEST_PROFILE } from '../test-store.ts';
import { ECHO_FUNCTION, FIXTURE_TOOL_ID } from './catalogue-entry.ts';
import en from './en.json';
import tr from './tr.json';

/**
 * A tool added as the "Adding a tool" walkthrough says (docs/ARCHITECTURE.md), from this folder only:
 * its catalogue entry (added to the shared catalogue here, as the one line tool-catalogue.ts would
 * hold), its folder file (./tool.tsx), its registry line and its texts (./en.json, ./tr.json). No
 * file of the app is changed, yet it is in the sidebar, has its routes and thread pages, and answers.
 */
vi.mock('../../../../../packages/shared/src/tools/tool-catalogue.ts', async (importOriginal) => {
  const catalogue = await importOriginal<typeof import('../../../../../packages/shared/src/tools/tool-catalogue.ts')>();
  const { FIXTURE_TOOL_ENTRY } = await import('./catalogue-entry.ts');
  // Before any module derives from the catalogue (the thread-page pattern, the schemas' tool ids).
  (catalogue.TOOL_CATALOGUE as unknown as (typeof FIXTURE_TOOL_ENTRY)[]).push(FIXTURE_TOOL_ENTRY);
  (catalogue.CHAT_TOOL_IDS as string[]).push(FIXTURE_TOOL_ENTRY.id);
  (catalogue.DEFAULT_CHAT_TOOL_SETTINGS as Record<string, unknown>)[FIXTURE_TOOL_ENTRY.id] = {
    llmName: 'demo',
    modelName: 'demo-model',
  };
  return catalogue;
});

// jsdom has no layout, so no scrollTo (the chat scrolls to a new message); every browser has it.
Element.prototype.scrollTo ??= () => {};

const demoModel: ModelsResponse['models'][number] = {
  id: 'demo-model',
  provider: 'demo',
  providerLabel: 'Demo',
  displayName: 'Demo model',
  description: 'Answers offline',
  examples: [],
  capabilities: { vision: false, reasoning: false },
  tier: 'free',
  available: true,
  demo: true,
};

const credits: Credits = { plan: 'free', dailyLimit: 10, used: 1, remaining: 9, resetsAt: '2030-01-01T00:00:00.000Z' };

/** The demo model's answer as the server streams it: a call of the tool's function, then text. */
function demoAnswer(text: string): Response {
  const chunks = [
    { type: 'start', messageId: 'a1', messageMetadata: { modelId: demoModel.id, status: 'streaming' } },
    { type: 'tool-input-available', toolCallId: 'c1', toolName: ECHO_FUNCTION, input: { text } },
    { type: 'tool-output-available', toolCallId: 'c1', output: { echoed: text.toUpperCase() } },
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: `You said: ${text}` },
    { type: 'text-end', id: 't1' },
    { type: 'finish', messageMetadata: { modelId: demoModel.id, status: 'complete' } },
  ];
  const body = `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;
  return new HttpResponse(body, {
    headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
  });
}

/**
 * The app's modules afresh (the test setup loaded the shipped catalogue; from here on the catalogue
 * module is the one above), with the tool's registry line as features/tools/tool-registry.ts would
 * hold it, added before the router is built from the registry.
 */
async function loadApp() {
  vi.resetModules();
  const shared = await import('@polymath/shared');
  const registry = await import('../../features/tools/tool-registry.ts');
  registry.TOOL_REGISTRY.push(registry.toolLine(FIXTURE_TOOL_ID, FlaskConical, () => import('./tool.tsx')));
  const { routes } = await import('../../app/router.tsx');
  const { createTestStore } = await import('../test-store.ts');
  const { ThemeProvider } = await import('../../lib/theme/theme-provider.tsx');
  return { shared, routes, createTestStore, ThemeProvider };
}

let app: Awaited<ReturnType<typeof loadApp>>;
beforeAll(async () => {
  app = await loadApp();
  // Its texts (`tools` namespace), as locales/<lang>/tools.json would hold them.
  i18next.addResourceBundle('en', 'tools', { fixtureEcho: en }, true);
  i18next.addResourceBundle('tr', 'tools', { fixtureEcho: tr }, true);
});

async function renderApp(path: string) {
  mockApi(
    // The rest of the app around the tool: a signed-in free account with messages left.
    http.get('/api/config', () => HttpResponse.json({ appVersion: 7, authProviders: [], webSearch: true })),
    http.get('/api/auth/get-session', () =>
      HttpResponse.json({
        session: { id: 's1', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
        user: { id: TEST_PROFILE.id, email: TEST_PROFILE.email },
      }),
    ),
    http.get('/api/me', () => HttpResponse.json(TEST_PROFILE)),
    http.get('/api/credits', () => HttpResponse.json(credits)),
    http.get('/api/threads', () => HttpResponse.json({ threads: [], nextCursor: null })),
    http.post('/api/analytics/*', () => new HttpResponse(null, { status: 204 })),
    http.get('/api/models', () => HttpResponse.json({ models: [demoModel], defaultModelId: demoModel.id })),
    http.post('/api/chat', async ({ request }) => {
      const body = (await request.json()) as { message: { parts: { text: string }[] } };
      return demoAnswer(body.message.parts[0]?.text ?? '');
    }),
  );
  const store = app.createTestStore();
  const router = createMemoryRouter(app.routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <app.ThemeProvider>
        <RouterProvider router={router} />
      </app.ThemeProvider>
    </Provider>,
  );
  return { router };
}

describe('a tool added from its own files', () => {
  it('has thread pages of its own, from the catalogue entry', () => {
    const { threadIdFromPath, threadPagePath, toolIdFromPath } = app.shared;
    expect(threadPagePath(FIXTURE_TOOL_ID)).toBe('/fixture-echo');
    expect(threadPagePath(FIXTURE_TOOL_ID, 't1')).toBe('/fixture-echo/t1');
    expect(threadIdFromPath('/fixture-echo/t1')).toBe('t1');
    expect(toolIdFromPath('/fixture-echo/t1')).toBe(FIXTURE_TOOL_ID);
  });

  it('is in the sidebar, opens at its route and answers through the demo model with its card', async () => {
    const sent = recordRequests();
    const { router } = await renderApp('/fixture-echo');
    const nav = await screen.findByRole('navigation', { name: 'Tools' });
    const link = within(nav).getByRole('link', { name: 'Echo Test' });
    expect(link.getAttribute('href')).toBe('/fixture-echo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Echo Test' })).toBeTruthy();
    expect(screen.getByTestId('fixture-echo-inputs').textContent).toBe('Echo settings');
    expect(await screen.findByTestId('demo-banner')).toBeTruthy();

    const input = (await screen.findByLabelText('Message')) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'hello' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    expect((await screen.findByTestId('fixture-echo-card')).textContent).toBe('HELLO');
    expect(await screen.findByText('You said: hello')).toBeTruthy();
    const request = sent.find((r) => r.path === '/api/chat' && r.body)?.body as { toolId: string; toolInput: unknown };
    expect(request.toolId).toBe(FIXTURE_TOOL_ID);
    expect(request.toolInput).toEqual({ loud: true });
    // The chat moved to its thread's page under the tool's own path.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/fixture-echo\/[0-9A-Za-z]{16}$/));
  }, 30_000);
});
