import { BOOT_DATA_ELEMENT_ID, type ModelsResponse, type PublicConfig } from '@polymath/shared';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadCurrentUser } from '../features/auth/auth-session.ts';
import { modelsApi } from '../features/models/models-api.ts';
import { baseApi } from '../lib/api/base-api.ts';
import { userLoadingStarted } from '../lib/store/user-slice.ts';
import { mockApi, recordRequests } from '../test/api-server.ts';
import { createTestStore } from '../test/test-store.ts';
import { prefillBootData } from './prefill-boot-data.ts';

const config: PublicConfig = { appVersion: 7, gtmId: 'GTM-PAGE', adPixelId: null, authProviders: [], webSearch: true };

function catalogue(description: string): ModelsResponse {
  return {
    models: [
      {
        id: 'gpt-4o-mini',
        provider: 'openai',
        providerLabel: 'OpenAI',
        displayName: 'GPT-4o mini',
        description,
        examples: [],
        capabilities: { vision: false, reasoning: false },
        tier: 'free',
        available: true,
        demo: false,
      },
    ],
    defaultModelId: 'gpt-4o-mini',
  };
}

describe("the page's data in the store before the first render", () => {
  it('puts the config and both catalogues in the store at once, and a visitor is signed out without a request', async () => {
    // As the server writes a visitor's page (no session cookie): its answers, the session's included.
    const block = document.createElement('script');
    block.id = BOOT_DATA_ELEMENT_ID;
    block.type = 'application/json';
    block.textContent = JSON.stringify({
      '/api/config': config,
      '/api/models?locale=en': catalogue('Fast'),
      '/api/models?locale=tr': catalogue('Hızlı'),
      '/api/auth/get-session': null,
    });
    document.head.append(block);
    mockApi(
      http.get('/api/config', () => HttpResponse.json({ ...config, gtmId: 'GTM-SERVER' })),
      http.get('/api/models', () => HttpResponse.json(catalogue('from the server'))),
    );
    const sent = recordRequests();
    const store = createTestStore(null);
    store.dispatch(userLoadingStarted());

    prefillBootData(store.dispatch);
    // Synchronously: what a first render right after it reads.
    const state = store.getState();
    expect(baseApi.endpoints.getPublicConfig.select()(state).data?.gtmId).toBe('GTM-PAGE');
    expect(modelsApi.endpoints.getModels.select('en')(state).data?.models[0]?.description).toBe('Fast');
    expect(modelsApi.endpoints.getModels.select('tr')(state).data?.models[0]?.description).toBe('Hızlı');

    // A component's query finds them cached; the session is answered from the page too.
    const models = await store.dispatch(modelsApi.endpoints.getModels.initiate('tr'));
    expect(models.data?.models[0]?.description).toBe('Hızlı');
    await loadCurrentUser(store.dispatch, i18next.t);
    expect(store.getState().user).toMatchObject({ isLoadingUser: false, currentUser: null });
    expect(sent).toEqual([]);

    // Each is used once: asking again goes to the server.
    const again = await store.dispatch(baseApi.endpoints.getPublicConfig.initiate(undefined, { forceRefetch: true }));
    expect(again.data?.gtmId).toBe('GTM-SERVER');
    expect(sent.map((r) => r.path)).toEqual(['/api/config']);
  });
});
