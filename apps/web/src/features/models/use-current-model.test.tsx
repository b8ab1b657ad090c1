import type { PublicModel } from '@polymath/shared';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { useCurrentModel } from './use-current-model.ts';

const DESCRIPTIONS = { en: 'Fast and cheap', tr: 'Hızlı ve ucuz' } as const;

function model(locale: 'en' | 'tr'): PublicModel {
  return {
    id: 'gpt-4o-mini',
    provider: 'openai',
    providerLabel: 'OpenAI',
    displayName: 'GPT-4o mini',
    description: DESCRIPTIONS[locale],
    examples: [],
    capabilities: { vision: false, reasoning: false },
    tier: 'free',
    available: true,
    demo: false,
  };
}

function Description() {
  const { model } = useCurrentModel('web-main');
  return <p>{model?.description ?? 'loading'}</p>;
}

describe('useCurrentModel', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it("asks for the catalogue in the person's language, and again when it changes", async () => {
    mockApi(
      http.get('/api/models', ({ request }) => {
        const locale = new URL(request.url).searchParams.get('locale') === 'tr' ? 'tr' : 'en';
        return HttpResponse.json({ models: [model(locale)], defaultModelId: 'gpt-4o-mini' });
      }),
    );
    await i18next.changeLanguage('tr');
    renderWithApp(<Description />);
    expect(await screen.findByText(DESCRIPTIONS.tr)).toBeTruthy();
    await i18next.changeLanguage('en');
    expect(await screen.findByText(DESCRIPTIONS.en)).toBeTruthy();
  });
});
