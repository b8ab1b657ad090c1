import { BOOT_DATA_ELEMENT_ID, type PublicConfig } from '@polymath/shared';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi, recordRequests } from '../../test/api-server.ts';
import { createTestStore } from '../../test/test-store.ts';
import { baseApi } from './base-api.ts';

const config: PublicConfig = { appVersion: 1, gtmId: null, adPixelId: null, authProviders: [], webSearch: true };

describe('the data index.html comes with', () => {
  it('answers the first GET of its paths from the page; a refetch, and other paths, ask the server', async () => {
    // As the server writes it (before </head>), read once on the first ask.
    const block = document.createElement('script');
    block.id = BOOT_DATA_ELEMENT_ID;
    block.type = 'application/json';
    block.textContent = JSON.stringify({ '/api/config': { ...config, gtmId: 'GTM-PAGE' } });
    document.head.append(block);
    mockApi(http.get('/api/config', () => HttpResponse.json({ ...config, gtmId: 'GTM-SERVER' })));
    const sent = recordRequests();
    const store = createTestStore(null);

    const first = await store.dispatch(baseApi.endpoints.getPublicConfig.initiate());
    expect(first.data?.gtmId).toBe('GTM-PAGE');
    expect(sent).toEqual([]);

    const again = await store.dispatch(baseApi.endpoints.getPublicConfig.initiate(undefined, { forceRefetch: true }));
    expect(again.data?.gtmId).toBe('GTM-SERVER');
    expect(sent.map((r) => r.path)).toEqual(['/api/config']);
  });
});
