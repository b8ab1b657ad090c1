import type { ModelsResponse, Profile, PublicModel } from '@polymath/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { ModelPicker } from './model-picker.tsx';

function model(id: string, displayName: string, tier: 'free' | 'pro'): PublicModel {
  return {
    id,
    provider: 'openai',
    providerLabel: 'OpenAI',
    displayName,
    description: '',
    examples: [],
    capabilities: { vision: true, reasoning: false },
    tier,
    available: true,
    demo: false,
  };
}

/** The shipped catalogue's shape: web search's default, gpt-4.1, is a Pro model (spec §3). */
const catalogue: ModelsResponse = {
  models: [model('gpt-4o-mini', 'GPT-4o mini', 'free'), model('gpt-4.1', 'GPT-4.1', 'pro')],
  defaultModelId: 'gpt-4o-mini',
};

async function openPickerOnWebSearch(user: Profile | null) {
  mockApi(http.get('/api/models', () => HttpResponse.json(catalogue)));
  renderWithApp(<ModelPicker />, { user, path: '/web-search' });
  const name = await screen.findByText(/GPT-4/, { selector: '[data-testid="current-model-name"]' });
  const shown = name.textContent;
  fireEvent.click(screen.getByTestId('model-picker'));
  const menu = await screen.findByTestId('model-menu');
  return { shown, menu };
}

describe('the model picker on web search', () => {
  for (const [who, user] of [
    ['a visitor', null],
    ['a free person', TEST_PROFILE],
  ] as const) {
    it(`shows ${who} the model that answers, and says web search's Pro model answers with Pro`, async () => {
      const { shown, menu } = await openPickerOnWebSearch(user);
      expect(shown).toBe('GPT-4o mini');
      const note = within(menu).getByTestId('model-plan-note');
      expect(note.textContent).toBe('GPT-4.1 answers here with Pro. Without Pro, GPT-4o mini answers.');
      expect(menu.getAttribute('aria-describedby')).toBe(note.id);
      expect(within(menu).getByTestId('model-option-gpt-4o-mini').getAttribute('aria-checked')).toBe('true');
      expect(within(menu).getByTestId('model-option-gpt-4.1').getAttribute('data-locked')).toBe('true');
    });
  }

  it('shows a Pro person the default itself, with nothing to explain', async () => {
    const { shown, menu } = await openPickerOnWebSearch({ ...TEST_PROFILE, accessLevel: 'pro' });
    expect(shown).toBe('GPT-4.1');
    expect(within(menu).queryByTestId('model-plan-note')).toBeNull();
    expect(menu.getAttribute('aria-describedby')).toBeNull();
    expect(within(menu).getByTestId('model-option-gpt-4.1').getAttribute('aria-checked')).toBe('true');
  });
});
